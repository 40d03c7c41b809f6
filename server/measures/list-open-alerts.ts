import { z } from 'zod';
import { listOpenAlerts } from '../../db/repositories/measure-alerts';
import { ALERT_SCALES } from '../../domain/measure-alerts';
import type { OperatorContext } from '../context';
import { profileFilter } from '../members/profile-scope';

/** More than a clinic ever leaves waiting; an alert past it shows once earlier ones are acknowledged. */
const OPEN_ALERTS_LIMIT = 100;

/** GET /api/measure-alerts */
export const ZOpenAlerts = z.array(
  z.object({
    id: z.string(),
    /** The appointment the client was enrolled from: their record opens from it. */
    appointmentId: z.string(),
    /** Empty once the client's details were erased. */
    clientName: z.string(),
    psychologist: z.object({ id: z.string(), name: z.string() }),
    reason: z.discriminatedUnion('kind', [z.object({ kind: z.literal('risk') }), z.object({ kind: z.literal('deterioration'), scale: z.enum(ALERT_SCALES) })]),
    raisedAt: z.date(),
    /** When it went to the owner and admins again, unacknowledged after 24 hours. */
    escalatedAt: z.date().nullable(),
  }),
);
export type OpenAlerts = z.output<typeof ZOpenAlerts>;

/**
 * The alerts on measures nobody has acknowledged yet, escalated ones first, then the oldest: what
 * Today and the inbox show first (issue 30). A psychologist sees their own clients' only; the
 * receptionist none (the procedure's roles). The list names the client and why, never a score or
 * an answer: those are in the client's record, whose every view is audited.
 */
export function openAlertsOf(ctx: Pick<OperatorContext, 'db' | 'admin' | 'member'>): Promise<OpenAlerts> {
  return listOpenAlerts(ctx.db, ctx.admin.id, { psychologistId: profileFilter(ctx.member, undefined), limit: OPEN_ALERTS_LIMIT });
}
