import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { asDate } from '../dates';
import type { Database } from '../schema';

/** What the audit log records: each look at or removal of a visitor's personal data, each call of an API key, each refund, each enrolment in repeat measures and each withdrawal from them, and the clinic's payment settings: its Stripe account connected, its policy changed. */
export const AUDIT_ACTIONS = ['results.viewed', 'appointments.exported', 'visitor.erased', 'retention.erased', 'api-key.used', 'payment.refunded', 'payment.refund-failed', 'measures.enrolled', 'measures.withdrawn', 'measures.ended', 'measures.viewed', 'measures.exported', 'measure-alert.acknowledged', 'measures.settings-changed', 'payments.account-connected', 'payment-policy.changed'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  id: string;
  at: Date;
  actor: string;
  /** The username of the member who acted, when one did (null for visitors and the system, or an account since deleted). */
  member: string | null;
  /** The name of the API key that acted, when one did. */
  apiKey: string | null;
  /** What an API key called: method and path. */
  operation: string | null;
  action: AuditAction;
  subjectId: string | null;
  /** A short text the entry carries, such as why staff refunded by hand. */
  detail: string | null;
}

/** Records one entry; pass the transaction of what it records, so neither exists without the other. */
export async function recordAudit(
  db: Kysely<Database>,
  entry: {
    userId: string;
    actor: string;
    accountId?: string;
    apiKeyId?: string;
    operation?: string;
    action: AuditAction;
    subjectId: string | null;
    detail?: string | null;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      user_id: entry.userId,
      at: entry.at,
      actor: entry.actor,
      account_id: entry.accountId ?? null,
      api_key_id: entry.apiKeyId ?? null,
      operation: entry.operation ?? null,
      action: entry.action,
      subject_id: entry.subjectId,
      detail: entry.detail ?? null,
    })
    .execute();
}

/** The clinic's latest entries, newest first. */
export async function listAudit(db: Kysely<Database>, userId: string, limit: number): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom('audit_log')
    .leftJoin('accounts', 'accounts.id', 'audit_log.account_id')
    .leftJoin('api_keys', 'api_keys.id', 'audit_log.api_key_id')
    .select([
      'audit_log.id',
      'audit_log.at',
      'audit_log.actor',
      'audit_log.action',
      'audit_log.subject_id',
      'audit_log.operation',
      'audit_log.detail',
      'accounts.username',
      'api_keys.name as api_key_name',
    ])
    .where('audit_log.user_id', '=', userId)
    .orderBy('audit_log.at', 'desc')
    .orderBy('audit_log.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    at: asDate(row.at),
    actor: row.actor,
    member: row.username,
    apiKey: row.api_key_name,
    operation: row.operation,
    action: row.action as AuditAction,
    subjectId: row.subject_id,
    detail: row.detail,
  }));
}
