import { useState } from 'react';
import { timesToMoveTo } from '../../domain/visitor-changes';
import { HOUR_MS } from '../../domain/time';
import { useI18nContext } from '../../i18n/i18n-react';
import { SlotPicker } from '../booking/SlotPicker';
import { trpc } from '../lib/trpc';

interface Props {
  appointment: { screenerSlug: string; psychologistId: string; clientTimezone: string; startUtc: Date; endUtc: Date; changeableUntil: Date };
  pending: boolean;
  onMove: (slotId: string) => void;
}

/**
 * The psychologist's other free times, with the booker's own day and time chips, in the
 * visitor's timezone: only those the cancellation policy allows (domain/visitor-changes.ts).
 */
export function RescheduleChoice({ appointment, pending, onMove }: Props) {
  const { LL } = useI18nContext();
  const text = LL.booking;
  const [slotId, setSlotId] = useState<string>();
  const [timezone, setTimezone] = useState(appointment.clientTimezone);
  const slots = trpc.public.availability.useQuery({ slug: appointment.screenerSlug, psychologistId: appointment.psychologistId });
  if (!slots.data) return null;
  const noticeHours = (appointment.startUtc.getTime() - appointment.changeableUntil.getTime()) / HOUR_MS;
  const allowed = timesToMoveTo(slots.data, { now: new Date(), noticeHours, currentStart: appointment.startUtc });
  if (allowed.length === 0) return <p className="text-sm">{text.manageNoOtherTimes()}</p>;
  return (
    <form
      className="flex flex-col gap-3"
      aria-labelledby="reschedule-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (slotId) onMove(slotId);
      }}
    >
      <h2 id="reschedule-title" className="font-semibold">
        {text.manageRescheduleLabel()}
      </h2>
      <SlotPicker slots={allowed} timezone={timezone} onTimezoneChange={setTimezone} chosenId={slotId} onChoose={setSlotId} />
      <button type="submit" className="btn btn-outline" disabled={!slotId || pending}>
        {pending ? text.manageRescheduling() : text.manageReschedule()}
      </button>
    </form>
  );
}
