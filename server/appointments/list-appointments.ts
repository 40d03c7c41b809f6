import { z } from 'zod';
import { type AppointmentDetails, listAppointmentsOf } from '../../db/repositories/appointments';
import { APPOINTMENT_STATUSES } from '../../domain/appointment-status';
import { ACCESS, mayUse } from '../../domain/roles';
import { entityId, ZInstant } from '../zod-fields';
import type { OperatorContext } from '../context';
import type { AdminAppointment } from './admin-appointment';
import { profileFilter } from '../members/profile-scope';

/** More than a busy clinic's calendar shows at once; the oldest past bookings drop off. */
const APPOINTMENT_LIST_LIMIT = 500;

/** Whether a member sees a booking's health data: shared results and the crisis flag. */
const seesCare = (member: OperatorContext['member']) => mayUse(member.role, ACCESS.attachedResults);

/** A booking as this member may see it: without its health data for a receptionist. */
export function toAdminAppointment(appointment: AppointmentDetails, member: OperatorContext['member']): AdminAppointment {
  const { client, psychologist } = appointment;
  const care = seesCare(member) ? appointment.care : {};
  return {
    id: appointment.id,
    status: appointment.status,
    clientName: client.name,
    clientEmail: client.email,
    clientPhone: client.phone,
    clientTimezone: client.timezone,
    psychologist: { id: psychologist.id, name: psychologist.name, timezone: psychologist.timezone },
    startUtc: appointment.startUtc,
    endUtc: appointment.endUtc,
    createdAt: appointment.createdAt,
    cancelledAt: appointment.cancelledAt,
    place: appointment.place,
    ...care,
  };
}

/** GET /api/appointments?status=&psychologistId=&from=&to= : every filter optional; from/to bound the session's start. */
// Strict: a misspelt filter (?stauts=) is refused, not silently ignored.
export const ZListAppointmentsRequest = z
  .strictObject({
    status: z.enum(APPOINTMENT_STATUSES).optional(),
    psychologistId: entityId('psychologist').optional(),
    from: ZInstant.optional(),
    to: ZInstant.optional(),
  });
export type ListAppointmentsRequest = z.output<typeof ZListAppointmentsRequest>;

/**
 * The bookings inbox: upcoming ones soonest first (those flagged 'contact promptly' before the
 * rest, for the roles that see the flag: the order would tell it otherwise), then past ones
 * latest first.
 */
export async function listAppointments(
  ctx: Pick<OperatorContext, 'db' | 'now' | 'admin' | 'member'>,
  filters: ListAppointmentsRequest,
): Promise<AdminAppointment[]> {
  const userId = ctx.admin.id;
  const appointments = await listAppointmentsOf(ctx.db, userId, {
    now: ctx.now(),
    limit: APPOINTMENT_LIST_LIMIT,
    status: filters.status,
    psychologistId: profileFilter(ctx.member, filters.psychologistId),
    flaggedFirst: seesCare(ctx.member),
    from: filters.from === undefined ? undefined : new Date(filters.from),
    to: filters.to === undefined ? undefined : new Date(filters.to),
  });
  return appointments.map((appointment) => toAdminAppointment(appointment, ctx.member));
}
