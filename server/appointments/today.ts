import { z } from 'zod';
import { listAppointmentsOf, listLiveHoldsOf } from '../../db/repositories/appointments';
import type { AppointmentStatus } from '../../domain/appointment-status';
import { ACCESS, mayUse } from '../../domain/roles';
import { dayOfSession, TODAY_DAYS, todayWindow, waitingOrder } from '../../domain/today';
import type { OperatorContext } from '../context';
import { ZPsychologist } from '../psychologists/psychologist';
import { ZAdminAppointment } from './admin-appointment';
import { toAdminAppointment } from './list-appointments';
import { profileFilter } from '../members/profile-scope';

/** More than a clinic's two days or its waiting list ever holds; the rest are in the inbox. */
const TODAY_LIST_LIMIT = 200;

/** Sessions that happen, or did: a declined or cancelled one is not on the day's plan. */
const ON_THE_DAY: readonly AppointmentStatus[] = ['requested', 'confirmed', 'completed', 'no_show'];

/**
 * GET /api/appointments/today: each member's home (issue 26, docs/decisions/0048). Today's and
 * tomorrow's sessions where each psychologist works, in time order; requests waiting, flagged
 * ones first (for the roles that may know), the longest waiting first; live holds, the soonest
 * to lapse first, without their visitor's details. A psychologist sees only their own profile's,
 * a receptionist no health data (toAdminAppointment).
 */
export const ZToday = z.object({
  sessions: z.array(ZAdminAppointment.extend({ day: z.enum(TODAY_DAYS) })),
  waiting: z.array(ZAdminAppointment),
  holds: z.array(
    z.object({
      id: z.string(),
      psychologist: ZPsychologist.pick({ id: true, name: true, timezone: true }),
      startUtc: z.date(),
      endUtc: z.date(),
      holdExpiresAt: z.date(),
    }),
  ),
});
export type Today = z.output<typeof ZToday>;

export async function todayOf(ctx: Pick<OperatorContext, 'db' | 'now' | 'admin' | 'member'>): Promise<Today> {
  const now = ctx.now();
  const psychologistId = profileFilter(ctx.member, undefined);
  const flaggedFirst = mayUse(ctx.member.role, ACCESS.attachedResults);
  const list = { now, limit: TODAY_LIST_LIMIT, flaggedFirst, psychologistId };
  const [near, requested, holds] = await Promise.all([
    listAppointmentsOf(ctx.db, ctx.admin.id, { ...list, ...todayWindow(now) }),
    listAppointmentsOf(ctx.db, ctx.admin.id, { ...list, status: 'requested' }),
    listLiveHoldsOf(ctx.db, ctx.admin.id, { now, limit: TODAY_LIST_LIMIT, psychologistId }),
  ]);
  const sessions = near
    .filter((appointment) => ON_THE_DAY.includes(appointment.status))
    .flatMap((appointment) => {
      const day = dayOfSession(appointment.startUtc, appointment.psychologist.timezone, now);
      return day ? [{ ...toAdminAppointment(appointment, ctx.member), day }] : [];
    })
    .sort((a, b) => a.startUtc.getTime() - b.startUtc.getTime());
  const waiting = waitingOrder(requested.map((appointment) => toAdminAppointment(appointment, ctx.member)));
  return { sessions, waiting, holds };
}
