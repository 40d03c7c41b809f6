import { z } from 'zod';
import { recordAudit } from '../../db/repositories/audit-log';
import { appointmentsToExport } from '../../db/repositories/visitor-data';
import { toCsv } from '../../domain/csv';
import type { OperatorContext } from '../context';

/** GET /api/appointments/export.csv answers the CSV text itself (text/csv). */
export const ZAppointmentsCsv = z.string();

const HEADER = [
  'appointment_id',
  'status',
  'start_utc',
  'end_utc',
  'psychologist',
  'client_name',
  'client_email',
  'client_phone',
  'client_timezone',
  'client_language',
  'booked_at_utc',
  'cancelled_at_utc',
  'personal_data_erased_at_utc',
];

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The clinic's appointments as CSV, every one that reached it (not holds), with the visitor's
 * contacts while they are kept. Shared results and the crisis flag are left out: health data in
 * a file escapes the retention period and the audit of each view (docs/decisions/0026). Cells
 * that a spreadsheet would run as a formula are neutralised (domain/csv.ts). Audited.
 */
export async function exportAppointmentsCsv(ctx: Pick<OperatorContext, 'db' | 'now' | 'admin' | 'member'>): Promise<string> {
  const rows = await appointmentsToExport(ctx.db, ctx.admin.id);
  await recordAudit(ctx.db, { userId: ctx.admin.id, actor: 'clinic', accountId: ctx.member.accountId, action: 'appointments.exported', subjectId: null, at: ctx.now() });
  return toCsv([
    HEADER,
    ...rows.map((row) => [
      row.id,
      row.status,
      iso(row.startUtc),
      iso(row.endUtc),
      row.psychologistName,
      row.clientName,
      row.clientEmail,
      row.clientPhone,
      row.clientTimezone,
      row.clientLanguage,
      iso(row.createdAt),
      iso(row.cancelledAt),
      iso(row.personalDataErasedAt),
    ]),
  ]);
}
