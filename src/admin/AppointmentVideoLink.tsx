import { useState } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import { formErrorsOf } from '../lib/form-errors';
import { trpc } from '../lib/trpc';
import type { Appointment } from './AppointmentSummary';
import { Field } from './Field';
import { useAdminToast } from './useAdminToast';
import { useRefreshSchedule } from './useRefreshSchedule';

/** An online appointment's own video link, which wins over the clinic's one link (docs/decisions/0049). Nothing for another place. */
export function AppointmentVideoLink({ appointment }: { appointment: Appointment }) {
  const { LL } = useI18nContext();
  const t = LL.admin.sessionPlace;
  const toast = useAdminToast();
  const refresh = useRefreshSchedule();
  const place = appointment.place;
  const [link, setLink] = useState(place?.kind === 'online' ? (place.videoUrl ?? '') : '');
  const save = trpc.admin.appointments.setVideoLink.useMutation({
    onSuccess: () => {
      refresh();
      toast.success(t.linkSaved());
    },
  });
  if (place?.kind !== 'online') return null;
  const { fields, message } = formErrorsOf(save.error, t.linkFailed(), { fields: ['videoUrl'] });
  return (
    <form
      className="flex flex-col gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ appointmentId: appointment.id, videoUrl: link });
      }}
    >
      <Field label={t.appointmentLink()} hint={t.appointmentLinkHint()} error={fields.videoUrl ?? message}>
        {(control) => (
          <input {...control} type="url" className={`input w-full ${fields.videoUrl ? 'input-error' : ''}`} value={link} onChange={(event) => setLink(event.target.value)} />
        )}
      </Field>
      <div>
        <button type="submit" className="btn btn-sm" disabled={save.isPending}>
          {t.saveLink()}
        </button>
      </div>
    </form>
  );
}
