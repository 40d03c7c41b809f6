import { whatsappStateOf } from '../../domain/whatsapp-messages';
import { z } from 'zod';
import { type AppointmentDetails, type ChangedAfter, listAppointmentsOf } from '../../db/repositories/appointments';
import { APPOINTMENT_STATUSES } from '../../domain/appointment-status';
import { ACCESS, mayUse } from '../../domain/roles';
import { entityId, ZInstant } from '../zod-fields';
import type { OperatorContext } from '../context';
import { type AdminAppointment, ZAdminAppointment } from './admin-appointment';
import { fieldMessage } from '../field-messages';
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
    updatedAt: appointment.updatedAt,
    cancelledAt: appointment.cancelledAt,
    place: appointment.place,
    attendanceConfirmedAt: appointment.attendanceConfirmedAt,
    whatsApp: whatsappStateOf(appointment.whatsApp),
    ...care,
  };
}

/**
 * A booking's place in the reconciling order (its change time, then its id), opaque to callers:
 * base64url, so that the order's fields may change without breaking a stored cursor's meaning.
 */
export function listCursorOf(appointment: Pick<AppointmentDetails, 'updatedAt' | 'id'>): string {
  return Buffer.from(`${appointment.updatedAt.toISOString()}|${appointment.id}`).toString('base64url');
}

const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-f-]{36})$/;

const ZListCursor = z
  .string({ error: fieldMessage('listCursor') })
  .max(100, { error: fieldMessage('listCursor') })
  .transform((cursor, ctx): ChangedAfter => {
    const [, updatedAt, id] = CURSOR_PATTERN.exec(Buffer.from(cursor, 'base64url').toString()) ?? [];
    if (updatedAt === undefined || id === undefined || Number.isNaN(Date.parse(updatedAt))) {
      ctx.addIssue({ code: 'custom', message: fieldMessage('listCursor') });
      return z.NEVER;
    }
    return { updatedAt: new Date(updatedAt), id };
  });

/**
 * GET /api/appointments?status=&psychologistId=&from=&to=&updatedSince=&cursor= : every filter
 * optional; from/to bound the session's start. `updatedSince` or `cursor` turns the list into a
 * reconciliation (docs/decisions/0059): what changed since then, oldest change first, ordered by
 * change time and then id, each with its `cursor`; the last one's cursor asks for the next page.
 */
// Strict: a misspelt filter (?stauts=) is refused, not silently ignored.
export const ZListAppointmentsRequest = z.strictObject({
  status: z.enum(APPOINTMENT_STATUSES).optional(),
  psychologistId: entityId('psychologist').optional(),
  from: ZInstant.optional(),
  to: ZInstant.optional(),
  updatedSince: ZInstant.optional().describe('Only bookings changed at or after this time (ISO 8601), oldest change first: for reconciling after missed webhook events'),
  cursor: ZListCursor.optional().describe("Continue after the booking whose `cursor` this is (the last one of the previous page), in the order of change time then id"),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, { error: fieldMessage('wholeNumberBetween', { min: 1, max: APPOINTMENT_LIST_LIMIT }) })
    .transform(Number)
    .pipe(z.number().min(1, { error: fieldMessage('wholeNumberBetween', { min: 1, max: APPOINTMENT_LIST_LIMIT }) }).max(APPOINTMENT_LIST_LIMIT, { error: fieldMessage('wholeNumberBetween', { min: 1, max: APPOINTMENT_LIST_LIMIT }) }))
    .optional()
    .describe(`How many bookings at most, 1 to ${APPOINTMENT_LIST_LIMIT} (the default)`),
});
export type ListAppointmentsRequest = z.output<typeof ZListAppointmentsRequest>;

/** A listed booking, with its place in the reconciling order. */
export const ZListedAppointment = ZAdminAppointment.extend({
  /** Opaque: pass the last one as `cursor` to read the changes after it. */
  cursor: z.string(),
});
export type ListedAppointment = z.output<typeof ZListedAppointment>;

/**
 * The bookings inbox: upcoming ones soonest first (those flagged 'contact promptly' before the
 * rest, for the roles that see the flag: the order would tell it otherwise), then past ones
 * latest first.
 */
export async function listAppointments(
  ctx: Pick<OperatorContext, 'db' | 'now' | 'admin' | 'member'>,
  filters: ListAppointmentsRequest,
): Promise<ListedAppointment[]> {
  const userId = ctx.admin.id;
  const appointments = await listAppointmentsOf(ctx.db, userId, {
    now: ctx.now(),
    limit: filters.limit ?? APPOINTMENT_LIST_LIMIT,
    status: filters.status,
    psychologistId: profileFilter(ctx.member, filters.psychologistId),
    flaggedFirst: seesCare(ctx.member),
    from: filters.from === undefined ? undefined : new Date(filters.from),
    to: filters.to === undefined ? undefined : new Date(filters.to),
    changed: filters.cursor ?? (filters.updatedSince === undefined ? undefined : { updatedAt: new Date(filters.updatedSince) }),
  });
  return appointments.map((appointment) => ({ ...toAdminAppointment(appointment, ctx.member), cursor: listCursorOf(appointment) }));
}
