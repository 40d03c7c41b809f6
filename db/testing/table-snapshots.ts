import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/**
 * Which tables a request that was refused must leave exactly as they were. Rate-limit
 * counters and login throttles count attempts, refused ones included, and a session's idle
 * timeout restarts on any signed-in call, so those may change. A new table must be
 * added here (the type requires it) and decided on.
 */
const UNCHANGED_BY_A_REFUSAL = {
  users: true,
  accounts: true,
  email_verifications: true,
  memberships: true,
  invitations: true,
  screener_configurations: true,
  slug_redirects: true,
  psychologists: true,
  availability_slots: true,
  weekly_hours: true,
  schedule_exceptions: true,
  schedule_slot_locks: true,
  appointments: true,
  appointment_events: true,
  appointment_reminders: true,
  webhook_endpoints: true,
  webhook_deliveries: true,
  consent_records: true,
  consent_texts: true,
  audit_log: true,
  screener_event_counters: true,
  subscriptions: true,
  stripe_events: true,
  password_reset_tokens: true,
  password_reset_requests: true,
  email_outbox: true,
  whatsapp_outbox: true,
  whatsapp_replies: true,
  two_factor_secrets: true,
  two_factor_recovery_codes: true,
  closed_links: true,
  booking_blocks: true,
  // A refused call's Idempotency-Key is let go again: only an answer that succeeded is kept.
  idempotency_keys: true,
  api_keys: true,
  clinic_stripe_accounts: true,
  clinic_payment_policies: true,
  psychologist_payment_policies: true,
  appointment_payments: true,
  payment_refunds: true,
  booking_payment_terms: true,
  measure_plans: true,
  measures: true,
  measure_alerts: true,
  rate_limit_counters: false,
  used_booking_challenges: true,
  operator_sessions: false,
  login_throttles: false,
} satisfies Record<keyof Database, boolean>;

export type TableSnapshot = Record<string, { rows: number; checksum: string }>;

/** Row count and a checksum of every row of each table above, equal on both dialects' terms. */
export async function snapshotTables(db: Kysely<Database>): Promise<TableSnapshot> {
  const snapshot: TableSnapshot = {};
  for (const [table, kept] of Object.entries(UNCHANGED_BY_A_REFUSAL)) {
    if (!kept) continue;
    const rows = await db.selectFrom(table as keyof Database).selectAll().execute();
    const lines = rows.map((row) => JSON.stringify(row)).sort();
    snapshot[table] = { rows: rows.length, checksum: createHash('sha256').update(lines.join('\n')).digest('hex') };
  }
  return snapshot;
}
