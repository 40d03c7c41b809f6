import { randomUUID } from 'node:crypto';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { DialectName } from '../connect';
import { asDate } from '../dates';
import { type Lease, type LeasedTable, leaseDueRows } from '../leases';
import type { Database } from '../schema';

/** A file sent with a mail, such as a booking's calendar entry; text content only. */
export interface EmailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

/** A rendered mail waiting in the outbox. */
export interface OutboxEmail {
  /** What the mail is about (password-reset, booking-client, …), for logs and tests. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: EmailAttachment[];
  /** The language it is written in (BCP 47: en, ms), sent as Content-Language; every rendered mail has one. */
  language?: string;
  /** Sent as Reply-To: the clinic's contact address on a clinic's mail. */
  replyTo?: string;
  /** The sender's display name: the clinic's on a clinic's mail, MAIL_FROM's own name otherwise. */
  fromName?: string;
  /** After this moment the mail is pointless and is never sent: a reminder once the session began. */
  expiresAt?: Date;
  /** The appointment it is about: erasing the visitor withdraws it while it waits. */
  appointmentId?: string;
  /** Not sent before this moment, so that a later mail with the same `coalesceKey` can replace it. */
  notBefore?: Date;
  /** Queuing a mail withdraws the unsent ones with the same key: the staff hear of the latest change only. */
  coalesceKey?: string;
}

export interface ClaimedEmail extends OutboxEmail {
  id: string;
  /** Delivery attempts before this one. */
  attempts: number;
}

/**
 * Queues mails for the outbox worker, in one statement, after withdrawing the unsent mails they
 * replace (the same `coalesceKey`). Pass the use case's transaction: the mails exist exactly when
 * the change they report was committed, and no SMTP call holds the transaction.
 */
export async function enqueueEmails(db: Kysely<Database>, emails: readonly OutboxEmail[], now: Date): Promise<string[]> {
  const replaced = [...new Set(emails.flatMap((email) => (email.coalesceKey ? [email.coalesceKey] : [])))];
  if (replaced.length > 0) {
    await db.updateTable('email_outbox').set({ status: 'withdrawn', ...ERASED_CONTENT }).where('coalesce_key', 'in', replaced).where('status', '=', 'pending').execute();
  }
  // A visitor whose data was erased has no address left: nothing more is sent to them.
  const rows = emails.filter((email) => email.to !== '').map(({ kind, to, expiresAt, appointmentId, notBefore, coalesceKey, ...message }) => ({
    id: randomUUID(),
    kind,
    recipient: to,
    message: JSON.stringify(message),
    status: 'pending' as const,
    attempts: 0,
    next_attempt_at: notBefore ?? now,
    locked_until: null,
    last_error: null,
    created_at: now,
    sent_at: null,
    expires_at: expiresAt ?? null,
    appointment_id: appointmentId ?? null,
    coalesce_key: coalesceKey ?? null,
  }));
  if (rows.length > 0) await db.insertInto('email_outbox').values(rows).execute();
  return rows.map((row) => row.id);
}

export async function enqueueEmail(db: Kysely<Database>, email: OutboxEmail, now: Date): Promise<string> {
  const [id] = await enqueueEmails(db, [email], now);
  return id!;
}

const CLAIM_COLUMNS = ['id', 'kind', 'recipient', 'message', 'attempts'] as const;

function toClaimedEmail(row: { id: string; kind: string; recipient: string; message: string; attempts: number }): ClaimedEmail {
  const message = JSON.parse(row.message) as Pick<ClaimedEmail, 'subject' | 'text' | 'html' | 'attachments' | 'language' | 'replyTo' | 'fromName'>;
  return { id: row.id, kind: row.kind, to: row.recipient, attempts: Number(row.attempts), ...message };
}

/** Pending, due, and not past its moment. */
const isDue = (now: Date) => (eb: ExpressionBuilder<Database, LeasedTable>) =>
  eb.and([
    eb('status', '=', 'pending'),
    eb('next_attempt_at', '<=', now),
    eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]),
  ]);

/**
 * Leases up to `limit` due mails to `lease.owner` until `lease.lockedUntil` (db/leases.ts), so no
 * other worker or server process picks them up meanwhile, and answers those it won.
 */
export async function claimDueEmails(db: Kysely<Database>, dialect: DialectName, lease: Lease): Promise<ClaimedEmail[]> {
  await leaseDueRows(db, dialect, { table: 'email_outbox', due: isDue(lease.now), oldestFirst: 'next_attempt_at' }, lease);
  const rows = await db
    .selectFrom('email_outbox')
    .select(CLAIM_COLUMNS)
    .where('lease_owner', '=', lease.owner)
    .where('status', '=', 'pending')
    .orderBy('next_attempt_at')
    .execute();
  return rows.map(toClaimedEmail);
}

/** What a sent mail keeps of its recipient and message: nothing (both columns are NOT NULL). */
const ERASED_CONTENT = { recipient: '', message: '' } as const;

/**
 * Marks a mail sent and, in the same statement, erases what it said and to whom: the outbox is
 * a queue, not an archive of reset links and visitors' contacts. Its kind, times and attempts
 * stay for the logs' sake (docs/decisions/0007).
 */
export async function markEmailSent(db: Kysely<Database>, id: string, now: Date): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({
      status: 'sent',
      sent_at: now,
      attempts: sql`attempts + 1`,
      lease_owner: null,
      locked_until: null,
      last_error: null,
      ...ERASED_CONTENT,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Withdraws mails not sent yet, such as the reminder of an appointment that was cancelled or
 * moved, and erases what they said. A mail a worker is sending at this moment still goes out.
 */
export async function withdrawEmails(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('email_outbox')
    .set({ status: 'withdrawn', ...ERASED_CONTENT })
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Withdraws the mails about an appointment that are still waiting, and erases what they said:
 * its visitor's data was erased, so no mail may still carry it.
 */
export async function withdrawEmailsAbout(db: Kysely<Database>, appointmentId: string): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ status: 'withdrawn', locked_until: null, ...ERASED_CONTENT })
    .where('appointment_id', '=', appointmentId)
    .where('status', '=', 'pending')
    .execute();
}

/** Closes the mails whose moment passed unsent (an outage outlasted them) and erases them. */
export async function expireLapsedEmails(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .updateTable('email_outbox')
    .set({ status: 'expired', locked_until: null, ...ERASED_CONTENT })
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Keeps the mail pending for another attempt at `nextAttemptAt`: a mail is never dropped. */
export async function markEmailFailed(
  db: Kysely<Database>,
  id: string,
  failure: { error: string; nextAttemptAt: Date },
): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({
      attempts: sql`attempts + 1`,
      last_error: failure.error.slice(0, 2000),
      next_attempt_at: failure.nextAttemptAt,
      lease_owner: null,
      locked_until: null,
    })
    .where('id', '=', id)
    .execute();
}

/** How far the outbox is behind, for /metrics: mails waiting, and when the oldest due one fell due. */
export async function outboxBacklog(db: Kysely<Database>, now: Date): Promise<{ pending: number; oldestDueAt: Date | null }> {
  const row = await db
    .selectFrom('email_outbox')
    .select((eb) => [eb.fn.countAll<number | string>().as('pending'), eb.fn.min(eb.case().when('next_attempt_at', '<=', now).then(eb.ref('next_attempt_at')).end()).as('oldest_due_at')])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending), oldestDueAt: row.oldest_due_at === null ? null : asDate(row.oldest_due_at) };
}

/**
 * Makes mails that stood by due at once: the WhatsApp message they backed failed, lapsed or was
 * stopped (docs/decisions/0063). Only pending ones: a withdrawn mail stays withdrawn.
 */
export async function releaseEmailsNow(db: Kysely<Database>, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('email_outbox').set({ next_attempt_at: now }).where('id', 'in', ids).where('status', '=', 'pending').execute();
}
