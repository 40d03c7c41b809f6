import { type FormEvent, useState } from 'react';
import { formatMoment } from '../../domain/appointment-time';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../domain/api-keys';
import { useI18nContext } from '../../i18n/i18n-react';
import { fieldErrorsOf } from '../lib/form-errors';
import { browserTimeZone } from '../lib/slot-times';
import { type RouterOutputs, trpc } from '../lib/trpc';
import { AdminSection } from './AdminSection';
import { CheckboxGroup } from './CheckboxGroup';
import { ConfirmDialog } from './ConfirmDialog';
import { CopyableUrl } from './CopyableUrl';
import { Field } from './Field';
import { useAdminToast } from './useAdminToast';

type ApiKey = RouterOutputs['admin']['apiKeys']['list'][number];

/** The dictionary's key of each scope's label. */
const SCOPE_LABEL = {
  'appointments:read': 'appointmentsRead',
  'appointments:write': 'appointmentsWrite',
  schedule: 'schedule',
  'insights:read': 'insightsRead',
} as const satisfies Record<ApiKeyScope, string>;

/** The clinic's API keys (docs/decisions/0058): create one, see it once, revoke it. */
export function ApiKeysSection() {
  const { LL, locale } = useI18nContext();
  const t = LL.admin.apiKeys;
  const toast = useAdminToast();
  const utils = trpc.useUtils();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [expiresOn, setExpiresOn] = useState('');
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const keys = trpc.admin.apiKeys.list.useQuery();
  const create = trpc.admin.apiKeys.create.useMutation({
    onSuccess: (data, input) => {
      utils.admin.apiKeys.list.setData(undefined, data.keys);
      setCreated({ name: input.name, key: data.key });
      setName('');
      setScopes([]);
      setExpiresOn('');
      toast.success(t.created());
    },
    onError: (error) => toast.failure(error, t.createFailed()),
  });
  const revoke = trpc.admin.apiKeys.revoke.useMutation({
    onSuccess: (data) => {
      utils.admin.apiKeys.list.setData(undefined, data);
      setRevoking(null);
      toast.success(t.revokedToast());
    },
    onError: (error) => toast.failure(error, t.actionFailed()),
  });
  const timeZone = browserTimeZone();
  const errors = fieldErrorsOf(create.error);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The end of the chosen day where the admin is: the key works through that whole day.
    create.mutate({ name, scopes, expiresAt: expiresOn ? new Date(`${expiresOn}T23:59:59`).toISOString() : null });
  };
  const statusOf = (key: ApiKey) => (key.revokedAt ? t.revoked() : key.expiresAt && key.expiresAt <= new Date() ? t.expired() : t.active());

  return (
    <AdminSection title={t.title()} intro={t.intro()}>
      <form className="flex flex-col gap-3" onSubmit={onSubmit} noValidate>
        <Field label={t.name()} hint={t.nameHint()} error={errors.name}>
          {(control) => <input {...control} className="input w-full" value={name} maxLength={80} onChange={(event) => setName(event.target.value)} required />}
        </Field>
        <CheckboxGroup
          className="flex flex-col gap-1"
          legend={t.scopes()}
          options={API_KEY_SCOPES}
          chosen={scopes}
          onChange={setScopes}
          labelOf={(scope) => t.scope[SCOPE_LABEL[scope]]()}
          error={errors.scopes}
        />
        <Field label={t.expiresAt()} hint={t.expiresHint()} error={errors.expiresAt}>
          {(control) => <input {...control} type="date" className="input" value={expiresOn} onChange={(event) => setExpiresOn(event.target.value)} />}
        </Field>
        <div>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {t.create()}
          </button>
        </div>
      </form>

      {created && (
        <div role="status" className="alert alert-warning flex flex-col items-stretch gap-2">
          <strong>{t.shownOnceTitle({ name: created.name })}</strong>
          <span>{t.shownOnce()}</span>
          <CopyableUrl label={t.key()} url={created.key} copyLabel={t.copy()} copied={t.copied()} />
          <div>
            <button type="button" className="btn btn-sm" onClick={() => setCreated(null)}>
              {t.done()}
            </button>
          </div>
        </div>
      )}

      <h3 className="font-semibold">{t.keys()}</h3>
      {keys.data?.length === 0 && <p className="text-sm">{t.noKeys()}</p>}
      {keys.data && keys.data.length > 0 && (
        <div className="overflow-x-auto">
          {/* Table markup written out, as in the other tables: the columns differ, and a shared table component would only pass them through. */}
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">{t.name()}</th>
                <th scope="col">{t.key()}</th>
                <th scope="col">{t.scopes()}</th>
                <th scope="col">{t.expires()}</th>
                <th scope="col">{t.lastUsed()}</th>
                <th scope="col">{t.status()}</th>
                <th scope="col">
                  <span className="sr-only">{t.revoke()}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((key) => (
                <tr key={key.id}>
                  <td>{key.name}</td>
                  <td>
                    <code>{key.prefix}…</code>
                  </td>
                  <td>
                    <code className="text-xs">{key.scopes.join(' ')}</code>
                  </td>
                  <td>{key.expiresAt ? formatMoment(key.expiresAt, timeZone, locale) : t.noExpiry()}</td>
                  <td>{key.lastUsedAt ? formatMoment(key.lastUsedAt, timeZone, locale) : t.neverUsed()}</td>
                  <td>{statusOf(key)}</td>
                  <td>
                    {!key.revokedAt && (
                      <button type="button" className="btn btn-sm btn-error" aria-label={t.revokeLabel({ name: key.name })} onClick={() => setRevoking(key)}>
                        {t.revoke()}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {revoking && (
        <ConfirmDialog
          title={t.revokeTitle()}
          message={t.revokeBody({ name: revoking.name })}
          confirmLabel={t.revoke()}
          pendingLabel={t.revoking()}
          pending={revoke.isPending}
          onConfirm={() => revoke.mutate({ id: revoking.id })}
          onCancel={() => setRevoking(null)}
        />
      )}
    </AdminSection>
  );
}
