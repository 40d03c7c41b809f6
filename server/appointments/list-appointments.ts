import { type AppointmentDetails, listAppointmentsOf } from '../../db/repositories/appointments';
import type { OperatorContext } from '../context';
import type { AdminAppointment } from './admin-appointment';

/** More than a busy clinic's calendar shows at once; the oldest past bookings drop off. */
export const APPOINTMENT_LIST_LIMIT = 500;

export function toAdminAppointment(appointment: AppointmentDetails): AdminAppointment {
  const { client, psychologist } = appointment;
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
  };
}

/** Admin setup's Appointments section: upcoming ones soonest first, then past ones latest first. */
export async function listAppointments(ctx: Pick<OperatorContext, 'db' | 'now' | 'admin'>): Promise<AdminAppointment[]> {
  const userId = ctx.admin.id;
  const appointments = await listAppointmentsOf(ctx.db, userId, { now: ctx.now(), limit: APPOINTMENT_LIST_LIMIT });
  return appointments.map(toAdminAppointment);
}
