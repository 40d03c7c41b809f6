import { z } from 'zod';
import { AUDIT_ACTIONS, listAudit } from '../../db/repositories/audit-log';
import type { OperatorContext } from '../context';

/** Entries the admin section shows, newest first. */
const AUDIT_LOG_LIMIT = 200;

/** GET /api/audit-log: who looked at or removed visitors' personal data, and when. */
export const ZAuditEntry = z.object({
  id: z.string(),
  at: z.date(),
  /** 'clinic', 'visitor', 'system' (the retention job) or 'api-key'. */
  actor: z.string(),
  /** The username of the member who acted, when a member did. */
  member: z.string().nullable(),
  /** The name of the API key that acted, when one did. */
  apiKey: z.string().nullable(),
  /** What an API key called: method and path, such as `GET /api/appointments`. */
  operation: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  /** The appointment it concerned; null for an export. */
  subjectId: z.string().nullable(),
  /** A short text the entry carries, such as why staff refunded by hand. */
  detail: z.string().nullable(),
});

export function listAuditLog(ctx: Pick<OperatorContext, 'db' | 'admin'>) {
  return listAudit(ctx.db, ctx.admin.id, AUDIT_LOG_LIMIT);
}
