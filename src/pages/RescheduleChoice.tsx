import { useState } from 'react';
import { formatAppointmentTime } from '../../domain/appointment-time';
import { useI18nContext } from '../../i18n/i18n-react';
import { trpc } from '../lib/trpc';

interface Props {
  appointment: { screenerSlug: string; psychologistId: string; clientTimezone: string };
  pending: boolean;
  onMove: (slotId: string) => void;
}

/** The psychologist's other free times, in the visitor's timezone, to move the appointment to. */
export function RescheduleChoice({ appointment, pending, onMove }: Props) {
  const { LL, locale } = useI18nContext();
  const text = LL.booking;
  const [slotId, setSlotId] = useState('');
  const slots = trpc.public.availability.useQuery({ slug: appointment.screenerSlug, psychologistId: appointment.psychologistId });
  if (!slots.data) return null;
  if (slots.data.length === 0) return <p className="text-sm">{text.manageNoOtherTimes()}</p>;
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (slotId) onMove(slotId);
      }}
    >
      <label className="floating-label">
        <span>{text.manageRescheduleLabel()}</span>
        <select className="select w-full" value={slotId} onChange={(event) => setSlotId(event.target.value)} aria-label={text.manageRescheduleLabel()}>
          <option value="" disabled>
            {text.manageRescheduleLabel()}
          </option>
          {slots.data.map((slot) => (
            <option key={slot.id} value={slot.id}>
              {formatAppointmentTime(slot, appointment.clientTimezone, locale)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn-outline" disabled={!slotId || pending}>
        {pending ? text.manageRescheduling() : text.manageReschedule()}
      </button>
    </form>
  );
}
