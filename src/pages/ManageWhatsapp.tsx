import { useI18nContext } from '../../i18n/i18n-react';
import { messageOf } from '../lib/errors';
import { type RouterOutputs, trpc } from '../lib/trpc';

type OwnAppointment = RouterOutputs['public']['ownAppointment']['view'];

/**
 * The appointment's WhatsApp messages, for a visitor who agreed to them: on, with a way to stop
 * them (as replying STOP does; e-mails go on), or stopped. Nothing for a visitor who never agreed.
 */
export function ManageWhatsapp({ token, appointment, onChanged }: { token: string; appointment: OwnAppointment; onChanged: (changed: OwnAppointment) => void }) {
  const { LL } = useI18nContext();
  const t = LL.booking.whatsapp;
  const stop = trpc.public.ownAppointment.stopWhatsapp.useMutation({ onSuccess: onChanged });
  if (appointment.whatsApp === 'off') return null;
  const stopped = appointment.whatsApp === 'stopped';
  return (
    <section className="flex flex-col gap-2 rounded-box bg-base-200 p-3" aria-labelledby="whatsapp-title">
      <h2 id="whatsapp-title" className="font-semibold">
        {t.manageTitle()}
      </h2>
      <p className="text-sm" role={stopped ? 'status' : undefined}>
        {stopped ? t.manageStopped() : t.manageOn()}
      </p>
      {!stopped && (
        <button type="button" className="btn btn-outline btn-sm" disabled={stop.isPending} onClick={() => stop.mutate({ token })}>
          {stop.isPending ? t.manageStopping() : t.manageStop()}
        </button>
      )}
      {stop.error && <p role="alert">{messageOf(stop.error, LL.booking.failed())}</p>}
    </section>
  );
}
