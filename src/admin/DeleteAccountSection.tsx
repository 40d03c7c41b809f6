import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatAppointmentTime } from '../../domain/appointment-time';
import { useI18nContext } from '../../i18n/i18n-react';
import { Modal } from '../components/Modal';
import { messageOf } from '../lib/errors';
import { trpc } from '../lib/trpc';
import { AdminSection } from './AdminSection';
import { Field } from './Field';
import { DialogActions } from './DialogActions';

/** The clinic's own timezone is the browser's here: the list only has to say which sessions go. */
const BROWSER_TIMEZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The appointments the deletion would cancel (GET /api/account/delete): when, with whom and how
 * far along; nothing of the visitors. With any, the owner ticks that they will be cancelled.
 */
function UpcomingAppointments({ confirmed, onConfirm }: { confirmed: boolean; onConfirm: (confirmed: boolean) => void }) {
  const { LL, locale } = useI18nContext();
  const t = LL.admin.privacy;
  const upcoming = trpc.admin.account.upcomingBeforeDeletion.useQuery();
  if (upcoming.isPending) return <p role="status">{t.deleteLoadingUpcoming()}</p>;
  if (upcoming.error) return <p role="alert">{messageOf(upcoming.error, t.deleteFailed())}</p>;
  if (upcoming.data.upcoming.length === 0) return <p>{t.deleteNoUpcoming()}</p>;
  return (
    <>
      <p>{t.deleteUpcoming()}</p>
      <ul className="list-disc pl-5 text-sm">
        {upcoming.data.upcoming.map((appointment) => (
          <li key={`${appointment.startUtc.toISOString()} ${appointment.psychologistName}`}>
            {formatAppointmentTime(appointment, BROWSER_TIMEZONE, locale)}: {appointment.psychologistName} ({LL.booking.status[appointment.status]()})
          </li>
        ))}
      </ul>
      <label className="flex items-start gap-2">
        <input type="checkbox" className="checkbox checkbox-sm mt-1" checked={confirmed} onChange={(event) => onConfirm(event.target.checked)} />
        <span>{t.deleteUpcomingConfirm()}</span>
      </label>
    </>
  );
}

/**
 * POST /api/account/delete: the clinic deletes itself with all its data, after the owner's
 * password (and code, where two-factor sign-in is on) and, if appointments lie ahead, the
 * confirmation that they will be cancelled.
 */
export function DeleteAccountSection() {
  const { LL } = useI18nContext();
  const t = LL.admin.privacy;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [cancelUpcoming, setCancelUpcoming] = useState(false);
  const twoFactor = trpc.admin.twoFactor.status.useQuery(undefined, { enabled: asking });
  const upcoming = trpc.admin.account.upcomingBeforeDeletion.useQuery(undefined, { enabled: asking });
  const remove = trpc.admin.account.delete.useMutation({
    onSuccess: () => {
      navigate('/', { replace: true });
      // Nothing of this clinic may stay cached.
      queryClient.clear();
    },
    // A booking may have come in since the list was read: show it again.
    onError: () => void upcoming.refetch(),
  });
  const close = () => {
    setAsking(false);
    setPassword('');
    setCode('');
    setCancelUpcoming(false);
    remove.reset();
  };
  const mustConfirm = (upcoming.data?.upcoming.length ?? 0) > 0;
  const ready = password !== '' && upcoming.isSuccess && (!mustConfirm || cancelUpcoming) && (!twoFactor.data?.enabled || code.trim() !== '');
  return (
    <AdminSection title={t.deleteTitle()} intro={t.deleteIntro()}>
      <div>
        <button type="button" className="btn btn-error btn-sm" onClick={() => setAsking(true)}>
          {t.deleteButton()}
        </button>
      </div>
      {asking && (
        <Modal title={t.deleteConfirmTitle()} onClose={close}>
          <form
            className="flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              remove.mutate({ password, ...(twoFactor.data?.enabled && { code: code.trim() }), cancelUpcoming: mustConfirm && cancelUpcoming });
            }}
          >
            <UpcomingAppointments confirmed={cancelUpcoming} onConfirm={setCancelUpcoming} />
            <p>{t.deleteConfirmMessage()}</p>
            <Field label={t.deletePassword()}>
              {(control) => (
                <input {...control} type="password" className="input w-full" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
              )}
            </Field>
            {twoFactor.data?.enabled && (
              <Field label={t.deleteCode()}>
                {(control) => (
                  <input {...control} className="input w-full" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} />
                )}
              </Field>
            )}
            {remove.error && <p role="alert" className="text-error">{messageOf(remove.error, t.deleteFailed())}</p>}
            <DialogActions>
              <button type="button" className="btn" onClick={close} disabled={remove.isPending}>
                {t.deleteCancel()}
              </button>
              <button type="submit" className="btn btn-error" disabled={remove.isPending || !ready}>
                {remove.isPending ? t.deleting() : t.deleteConfirm()}
              </button>
            </DialogActions>
          </form>
        </Modal>
      )}
    </AdminSection>
  );
}
