import { z } from 'zod';
import { ADMIN_SLOT_VIEW_DAYS } from '../../domain/slots';
import { DAY_MS } from '../../domain/time';
import { freeTimesOf } from '../availability/schedule-times';
import type { ListAvailabilityRequest } from '../availability/list-availability.types';
import { type ScheduleContext, schedulablePsychologist } from './read-schedule';

/** A time the weekly hours offer, free; instants as ISO text like the calendar's slots. */
export const ZScheduleFreeTime = z.object({ id: z.string(), startUtc: z.string(), endUtc: z.string() });

/**
 * GET /api/psychologists/{id}/schedule/free-times?from&to: the week calendar's free times of the
 * weekly hours, from the one computation the visitor's free times use (freeTimesOf), starting in
 * [from, to) and not before now (a time that has begun is free for no one); now → 90 days by
 * default, as the calendar's slots. The visitor's booking window (minimum notice, 30 days) is
 * left out: the calendar shows what the hours offer, the booker when a visitor may take it.
 * Stored slots are the calendar's own list (admin.availability.list), so only the schedule's here.
 */
export async function listScheduleFreeTimes(ctx: ScheduleContext, input: ListAvailabilityRequest): Promise<z.output<typeof ZScheduleFreeTime>[]> {
  const psychologist = await schedulablePsychologist(ctx, input.psychologistId);
  const now = ctx.now();
  const from = new Date(Math.max(now.getTime(), input.from ? Date.parse(input.from) : -Infinity));
  const to = input.to ? new Date(input.to) : new Date(from.getTime() + ADMIN_SLOT_VIEW_DAYS * DAY_MS);
  if (to <= from) return [];
  const free = await freeTimesOf(ctx.db, psychologist, { from, to });
  return free.schedule.map((time) => ({ id: time.id, startUtc: time.startUtc.toISOString(), endUtc: time.endUtc.toISOString() }));
}
