import { type FormEvent, useState } from 'react';
import { formatMoment } from '../../domain/appointment-time';
import { useI18nContext } from '../../i18n/i18n-react';
import { WEBHOOK_EVENT_TYPES, type SubscribableEventType, type WebhookEventType } from '../../domain/webhook-events';
import { fieldErrorsOf } from '../lib/form-errors';
import { browserTimeZone } from '../lib/slot-times';
import { type RouterOutputs, trpc } from '../lib/trpc';
import { AdminSection } from './AdminSection';
import { CheckboxGroup } from './CheckboxGroup';
import { VerifiedOwnerOnly } from '../team/VerifiedOwnerOnly';
import { ConfirmDialog } from './ConfirmDialog';
import { Field } from './Field';
import { useAdminToast } from './useAdminToast';

type Webhooks = RouterOutputs['admin']['webhooks']['list'];
type Delivery = Webhooks['deliveries'][number];
type Endpoint = Webhooks['endpoints'][number];

/** The dictionary's key of each event's name. */
const EVENT_NAME = {
  'appointment.requested': 'requested',
  'appointment.confirmed': 'confirmed',
  'appointment.declined': 'declined',
  'appointment.cancelled': 'cancelled',
  'appointment.rescheduled': 'rescheduled',
  'appointment.completed': 'completed',
  'appointment.no_show': 'noShow',
  'appointment.attendance_confirmed': 'attendanceConfirmed',
  'payment.succeeded': 'paymentSucceeded',
  'payment.refunded': 'paymentRefunded',
  'webhook.test': 'test',
} as const satisfies Record<WebhookEventType, string>;
const eventNameKeys = new Map(Object.entries(EVENT_NAME));

/** An event's name in the page's language; a delivery's type is any text to the client, so an unknown one shows as it came. */
function useEventName(): (type: string) => string {
  const { LL } = useI18nContext();
  return (type) => {
    const key = eventNameKeys.get(type);
    return key ? LL.admin.webhooks.eventNames[key]() : type;
  };
}

/** While a delivery waits, the list asks again every few seconds so its result shows up. */
const REFRESH_WHILE_PENDING_MS = 3_000;

/** The clinic's webhook endpoints, their signing secret, and how the last deliveries went. */
export function WebhooksSection() {
  const { LL, locale } = useI18nContext();
  const t = LL.admin.webhooks;
  const toast = useAdminToast();
  const utils = trpc.useUtils();
  const eventName = useEventName();
  const [url, setUrl] = useState('');
  const [secretShown, setSecretShown] = useState(false);
  const [removing, setRemoving] = useState<Webhooks['endpoints'][number] | null>(null);
  const [confirmingRoll, setConfirmingRoll] = useState(false);
  const webhooks = trpc.admin.webhooks.list.useQuery(undefined, {
    refetchInterval: (query) => (query.state.data?.deliveries.some((delivery) => delivery.status === 'pending') ? REFRESH_WHILE_PENDING_MS : false),
  });
  const show = (data: Webhooks) => utils.admin.webhooks.list.setData(undefined, data);
  const register = trpc.admin.webhooks.register.useMutation({
    onSuccess: (data) => {
      show(data);
      setUrl('');
      toast.success(t.added());
    },
    onError: (error) => toast.failure(error, t.addFailed()),
  });
  const sendTest = trpc.admin.webhooks.sendTest.useMutation({
    onSuccess: (data) => {
      show(data);
      toast.success(t.testQueued());
    },
    onError: (error) => toast.failure(error, t.actionFailed()),
  });
  const remove = trpc.admin.webhooks.delete.useMutation({
    onSuccess: (data) => {
      show(data);
      setRemoving(null);
      toast.success(t.removed());
    },
    onError: (error) => toast.failure(error, t.actionFailed()),
  });
  const redeliver = trpc.admin.webhooks.redeliver.useMutation({
    onSuccess: (data) => {
      show(data);
      toast.success(t.redelivered());
    },
    onError: (error) => toast.failure(error, t.actionFailed()),
  });
  const rollSecret = trpc.admin.webhooks.rollSecret.useMutation({
    onSuccess: (data) => {
      show(data);
      setConfirmingRoll(false);
      setSecretShown(true);
      toast.success(t.rolled());
    },
    onError: (error) => toast.failure(error, t.actionFailed()),
  });
  if (!webhooks.data) return null;
  const { secret, previousSecretUntil, endpoints, deliveries } = webhooks.data;
  const timeZone = browserTimeZone();
  const urlError = fieldErrorsOf(register.error).url;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate({ url });
  };

  return (
    <AdminSection title={t.title()} intro={t.intro()}>
      <VerifiedOwnerOnly>
        <form className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={onSubmit} noValidate>
          <div className="flex-1">
            <Field label={t.url()} hint={t.urlHint()} error={urlError}>
              {(control) => (
                <input {...control} type="url" className="input w-full" value={url} onChange={(event) => setUrl(event.target.value)} required />
              )}
            </Field>
          </div>
          <button type="submit" className="btn btn-primary" disabled={register.isPending}>
            {t.add()}
          </button>
        </form>
      </VerifiedOwnerOnly>

      {secret && (
        <div className="flex flex-col gap-1">
          <span className="text-sm font-medium">{t.secret()}</span>
          <div className="flex flex-wrap items-center gap-2">
            <code className="break-all rounded bg-base-200 px-2 py-1 text-sm">{secretShown ? secret : '•'.repeat(24)}</code>
            <button type="button" className="btn btn-sm" onClick={() => setSecretShown(!secretShown)} aria-pressed={secretShown}>
              {secretShown ? t.hideSecret() : t.showSecret()}
            </button>
            <button type="button" className="btn btn-sm" onClick={() => setConfirmingRoll(true)}>
              {t.rollSecret()}
            </button>
          </div>
          <span className="text-xs text-base-content/70">{t.secretHint()}</span>
          {previousSecretUntil && <span className="text-xs text-base-content/70">{t.previousSigns({ until: formatMoment(previousSecretUntil, timeZone, locale) })}</span>}
        </div>
      )}

      <h3 className="font-semibold">{t.endpoints()}</h3>
      {endpoints.length === 0 ? (
        <p className="text-sm">{t.noEndpoints()}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id} className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                <span className="break-all text-sm">{endpoint.url}</span>
                <div className="flex gap-2">
                  <button
                    type="button"
                    className="btn btn-sm"
                    aria-label={t.sendTestLabel({ url: endpoint.url })}
                    disabled={sendTest.isPending}
                    onClick={() => sendTest.mutate({ id: endpoint.id })}
                  >
                    {t.sendTest()}
                  </button>
                  <button type="button" className="btn btn-sm btn-error" aria-label={t.removeLabel({ url: endpoint.url })} onClick={() => setRemoving(endpoint)}>
                    {t.remove()}
                  </button>
                </div>
              </div>
              <EndpointEventTypes endpoint={endpoint} onSaved={show} />
            </li>
          ))}
        </ul>
      )}

      <h3 className="font-semibold">{t.deliveries()}</h3>
      {deliveries.length === 0 ? (
        <p className="text-sm">{t.noDeliveries()}</p>
      ) : (
        <div className="overflow-x-auto">
          {/* Table markup written out, as in the other tables: the columns differ, and a shared table component would only pass them through. */}
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">{t.when()}</th>
                <th scope="col">{t.event()}</th>
                <th scope="col">{t.result()}</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <td>{formatMoment(delivery.createdAt, timeZone, locale)}</td>
                  <td>
                    {eventName(delivery.eventType)} <code className="text-xs">{delivery.eventType}</code>
                  </td>
                  <td>
                    <DeliveryResult delivery={delivery} />
                    {delivery.status === 'delivered' && (
                      <button
                        type="button"
                        className="btn btn-xs ms-2"
                        aria-label={t.redeliverLabel({ event: eventName(delivery.eventType), when: formatMoment(delivery.createdAt, timeZone, locale) })}
                        disabled={redeliver.isPending}
                        onClick={() => redeliver.mutate({ id: delivery.id })}
                      >
                        {t.redeliver()}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {confirmingRoll && (
        <ConfirmDialog
          title={t.rollTitle()}
          message={t.rollBody()}
          confirmLabel={t.rollSecret()}
          pendingLabel={t.rollSecret()}
          pending={rollSecret.isPending}
          onConfirm={() => rollSecret.mutate()}
          onCancel={() => setConfirmingRoll(false)}
        />
      )}

      {removing && (
        <ConfirmDialog
          title={t.removeTitle()}
          message={t.removeBody({ url: removing.url })}
          confirmLabel={t.remove()}
          pendingLabel={t.remove()}
          pending={remove.isPending}
          onConfirm={() => remove.mutate({ id: removing.id })}
          onCancel={() => setRemoving(null)}
        />
      )}
    </AdminSection>
  );
}

function DeliveryResult({ delivery }: { delivery: Delivery }) {
  const { LL } = useI18nContext();
  const t = LL.admin.webhooks;
  if (delivery.status === 'delivered') return <span>{t.delivered({ code: delivery.lastStatusCode ?? 200 })}</span>;
  if (delivery.attempts === 0) return <span>{t.waiting()}</span>;
  return <span>{t.retrying({ attempts: delivery.attempts, reason: delivery.lastError ?? '' })}</span>;
}

/** The event types an endpoint receives: all ticked is every type, those added later too. */
function EndpointEventTypes({ endpoint, onSaved }: { endpoint: Endpoint; onSaved: (data: Webhooks) => void }) {
  const { LL } = useI18nContext();
  const t = LL.admin.webhooks;
  const toast = useAdminToast();
  const eventName = useEventName();
  // The operator's ticks until they are saved; the server's choice otherwise, so that a refetch
  // (another member's change, the list polling while a delivery waits) shows what now holds.
  const [edited, setEdited] = useState<SubscribableEventType[] | null>(null);
  const chosen = edited ?? endpoint.eventTypes ?? WEBHOOK_EVENT_TYPES;
  const save = trpc.admin.webhooks.setEventTypes.useMutation({
    onSuccess: (data) => {
      onSaved(data);
      setEdited(null);
      toast.success(t.eventTypesSaved());
    },
    onError: (error) => toast.failure(error, t.actionFailed()),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id: endpoint.id, eventTypes: chosen.length === WEBHOOK_EVENT_TYPES.length ? null : [...chosen] });
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <CheckboxGroup
        className="flex flex-wrap items-center gap-x-4 gap-y-1"
        legend={t.eventTypes()}
        label={t.eventTypesLabel({ url: endpoint.url })}
        options={WEBHOOK_EVENT_TYPES}
        chosen={chosen}
        onChange={setEdited}
        labelOf={eventName}
        error={fieldErrorsOf(save.error).eventTypes}
      >
        <button type="submit" className="btn btn-sm" disabled={save.isPending}>
          {t.saveEventTypes()}
        </button>
      </CheckboxGroup>
    </form>
  );
}
