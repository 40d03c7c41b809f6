import { trpc } from '../lib/trpc';

/**
 * After any change to psychologists, slots, weekly hours, exceptions or bookings, the lists that
 * show them load again.
 * One change reaches the others: a psychologist's timezone changes how the calendar reads, a
 * deleted slot or psychologist cancels appointments, a cancelled appointment frees its slot, and
 * any of them moves the weekly hours' free times (kept a buffer away from slots). So every such
 * change refreshes all four, in this one place, rather than each screen guessing.
 */
export function useRefreshSchedule(): () => void {
  const utils = trpc.useUtils();
  return () => {
    void utils.admin.psychologists.invalidate();
    void utils.admin.availability.invalidate();
    void utils.admin.appointments.invalidate();
    void utils.admin.schedule.freeTimes.invalidate();
  };
}
