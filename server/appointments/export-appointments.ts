import { z } from 'zod';
import { listPaymentsOfAppointments } from '../../db/repositories/appointment-payments';
import { recordAudit } from '../../db/repositories/audit-log';
import { appointmentsToExport } from '../../db/repositories/visitor-data';
import { listPsychologistsOf } from '../../db/repositories/psychologists';
import { clinicTimeZone, csvLocalTime, toCsv, zonedHeader } from '../../domain/csv';
import { keptWithoutSessionSen } from '../../domain/payment-policy';
import { PSYCHOLOGIST_DEFAULTS, senToPrice } from '../../domain/psychologist';
import type { OperatorContext } from '../context';

/** GET /api/appointments/export.csv answers the CSV text itself (text/csv). */
export const ZAppointmentsCsv = z.string();

/** The columns, each time column named with the zone its times are in. */
const header = (timeZone: string) => [
  'appointment_id',
  'status',
  zonedHeader('start', timeZone),
  zonedHeader('end', timeZone),
  'psychologist',
  'client_name',
  'client_email',
  'client_phone',
  'client_timezone',
  'client_language',
  zonedHeader('booked_at', timeZone),
  zonedHeader('cancelled_at', timeZone),
  zonedHeader('personal_data_erased_at', timeZone),
  'paid_myr',
  'refunded_myr',
  'kept_myr',
];

/**
 * The clinic's appointments as CSV, every one that reached it (not holds), with the visitor's
 * contacts while they are kept. Shared results and the crisis flag are left out: health data in
 * a file escapes the retention period and the audit of each view (docs/decisions/0026). Cells
 * that a spreadsheet would run as a formula are neutralised (domain/csv.ts). Times are on the
 * clinic's wall clock (the zone most of its psychologists use), named in the header. The money
 * columns say what was paid, refunded and kept of a late cancel or a no-show. Audited.
 */
export async function exportAppointmentsCsv(ctx: Pick<OperatorContext, 'db' | 'now' | 'admin' | 'member'>): Promise<string> {
  const rows = await appointmentsToExport(ctx.db, ctx.admin.id);
  const payments = await listPaymentsOfAppointments(ctx.db, ctx.admin.id, rows.map((row) => row.id));
  /** Paid, refunded and kept in ringgit.sen (200.00); empty for an appointment nothing was paid for. */
  const money = (row: (typeof rows)[number]) => {
    const payment = payments.get(row.id);
    if (payment?.status !== 'succeeded') return [null, null, null];
    return [payment.amountSen, payment.refundedSen, keptWithoutSessionSen(row.status, payment.amountSen, payment.refundedSen)].map(senToPrice);
  };
  const zones = (await listPsychologistsOf(ctx.db, ctx.admin.id)).map((psychologist) => psychologist.timezone);
  const timeZone = clinicTimeZone(zones, PSYCHOLOGIST_DEFAULTS.timezone);
  const local = (at: Date | null) => csvLocalTime(at, timeZone);
  await recordAudit(ctx.db, { userId: ctx.admin.id, actor: 'clinic', accountId: ctx.member.accountId, action: 'appointments.exported', subjectId: null, at: ctx.now() });
  return toCsv([
    header(timeZone),
    ...rows.map((row) => [
      row.id,
      row.status,
      local(row.startUtc),
      local(row.endUtc),
      row.psychologistName,
      row.clientName,
      row.clientEmail,
      row.clientPhone,
      row.clientTimezone,
      row.clientLanguage,
      local(row.createdAt),
      local(row.cancelledAt),
      local(row.personalDataErasedAt),
      ...money(row),
    ]),
  ]);
}
