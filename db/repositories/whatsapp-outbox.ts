import { randomUUID } from 'node:crypto';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../connect';
import { type Lease, type LeasedTable, leaseDueRows } from '../leases';
import type { Database } from '../schema';
import { isUniqueViolation } from '../unique-violation';
import type { WhatsappBody, WhatsappStatus } from '../../domain/whatsapp-messages';

/** A message waiting in the outbox (docs/decisions/0063). */
export interface OutboxWhatsapp {
  kind: string;
  userId: string;
  appointmentId: string | null;
  /** E.164. */
  to: string;
  /** The Cloud API phone number id that sends it. */
  sender: string;
  body: WhatsappBody;
  /** After this moment it is pointless and never sent: a reminder once the session began. */
  expiresAt?: Date;
  /** The e-mail standing by for it: released when it fails or is not delivered in time. */
  fallbackEmailId?: string;
  /** A message queued under a key already queued is dropped (whatsapp_outbox.once_key, UNIQUE). */
  onceKey?: string;
}

export interface ClaimedWhatsapp {
  id: string;
  kind: string;
  to: string;
  sender: string;
  body: WhatsappBody;
  attempts: number;
  fallbackEmailId: string | null;
}

/** What a sent or closed message keeps of its number and text: nothing. */
const ERASED_CONTENT = { recipient: null, body: null } as const;

/** Queues messages in the caller's transaction, as enqueueEmails queues mails. */
export async function enqueueWhatsapp(db: Kysely<Database>, messages: readonly OutboxWhatsapp[], now: Date): Promise<void> {
  const rows = messages.map((message) => ({
    id: randomUUID(),
    user_id: message.userId,
    appointment_id: message.appointmentId,
    kind: message.kind,
    recipient: message.to,
    sender: message.sender,
    body: JSON.stringify(message.body),
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    expires_at: message.expiresAt ?? null,
    last_error: null,
    wa_message_id: null,
    fallback_email_id: message.fallbackEmailId ?? null,
    once_key: message.onceKey ?? null,
    created_at: now,
    sent_at: null,
    status_at: null,
  }));
  if (rows.length > 0) await db.insertInto('whatsapp_outbox').values(rows).execute();
}

/**
 * Queues a message unless one with its onceKey is queued already, by this or any other process:
 * the UNIQUE index decides, and the losing statement alone fails (MySQL and SQLite keep the
 * caller's transaction), so the booking that carries it goes on.
 */
export async function enqueueWhatsappOnce(db: Kysely<Database>, message: OutboxWhatsapp & { onceKey: string }, now: Date): Promise<void> {
  try {
    await enqueueWhatsapp(db, [message], now);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}

const isDue = (now: Date) => (eb: ExpressionBuilder<Database, LeasedTable>) =>
  eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now), eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)])]);

/** Leases up to `lease.limit` due messages to `lease.owner` (db/leases.ts) and answers those it won. */
export async function claimDueWhatsapp(db: Kysely<Database>, dialect: DialectName, lease: Lease): Promise<ClaimedWhatsapp[]> {
  await leaseDueRows(db, dialect, { table: 'whatsapp_outbox', due: isDue(lease.now), oldestFirst: 'next_attempt_at' }, lease);
  const rows = await db
    .selectFrom('whatsapp_outbox')
    .select(['id', 'kind', 'recipient', 'sender', 'body', 'attempts', 'fallback_email_id'])
    .where('lease_owner', '=', lease.owner)
    .where('status', '=', 'pending')
    .orderBy('next_attempt_at')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    to: row.recipient!,
    sender: row.sender,
    body: JSON.parse(row.body!) as WhatsappBody,
    attempts: Number(row.attempts),
    fallbackEmailId: row.fallback_email_id,
  }));
}

/** Marks a message sent under the Cloud API's id, and forgets its number and text in the same statement. */
export async function markWhatsappSent(db: Kysely<Database>, id: string, sent: { waMessageId: string; now: Date }): Promise<void> {
  await db
    .updateTable('whatsapp_outbox')
    .set({ status: 'sent', wa_message_id: sent.waMessageId, sent_at: sent.now, status_at: sent.now, attempts: sql`attempts + 1`, lease_owner: null, locked_until: null, last_error: null, ...ERASED_CONTENT })
    .where('id', '=', id)
    // A message withdrawn (STOP, erasure) or expired while its send was under way stays so.
    .where('status', '=', 'pending')
    .execute();
}

/** Keeps the message pending for another attempt (a rate limit, a server error). */
export async function markWhatsappRetry(db: Kysely<Database>, id: string, failure: { error: string; nextAttemptAt: Date }): Promise<void> {
  await db
    .updateTable('whatsapp_outbox')
    .set({ attempts: sql`attempts + 1`, last_error: failure.error.slice(0, 200), next_attempt_at: failure.nextAttemptAt, lease_owner: null, locked_until: null })
    .where('id', '=', id)
    // A message withdrawn (STOP, erasure) or expired while its send was under way stays so.
    .where('status', '=', 'pending')
    .execute();
}

/** Closes a message the Cloud API refused for good (an invalid number, a template not approved); false if it was no longer pending. */
export async function markWhatsappFailed(db: Kysely<Database>, id: string, failure: { error: string; now: Date }): Promise<boolean> {
  const result = await db
    .updateTable('whatsapp_outbox')
    .set({ status: 'failed', attempts: sql`attempts + 1`, last_error: failure.error.slice(0, 200), status_at: failure.now, lease_owner: null, locked_until: null, ...ERASED_CONTENT })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The message of a Cloud API id, for its statuses and the replies to it. */
export async function findWhatsappByMessageId(db: Kysely<Database>, waMessageId: string) {
  const row = await db
    .selectFrom('whatsapp_outbox')
    .select(['id', 'user_id', 'appointment_id', 'kind', 'status', 'sender', 'fallback_email_id'])
    .where('wa_message_id', '=', waMessageId)
    .executeTakeFirst();
  return row && { id: row.id, userId: row.user_id, appointmentId: row.appointment_id, kind: row.kind, status: row.status as WhatsappStatus, sender: row.sender, fallbackEmailId: row.fallback_email_id };
}

/** Moves a sent message's status on, only from one of `from`; tells whether it moved. */
export async function moveWhatsappStatus(db: Kysely<Database>, id: string, move: { from: readonly WhatsappStatus[]; to: WhatsappStatus; at: Date; error?: string }): Promise<boolean> {
  const result = await db
    .updateTable('whatsapp_outbox')
    .set({ status: move.to, status_at: move.at, ...(move.error && { last_error: move.error.slice(0, 200) }) })
    .where('id', '=', id)
    .where('status', 'in', move.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Which pending messages a withdrawal takes. */
type Waiting = (eb: ExpressionBuilder<Database, 'whatsapp_outbox'>) => Expression<SqlBool>;

/** Withdraws the pending messages `which` picks and forgets their numbers: what a withdrawal is, in one place. */
async function withdraw(db: Kysely<Database>, which: Waiting): Promise<void> {
  await db
    .updateTable('whatsapp_outbox')
    .set({ status: 'withdrawn', lease_owner: null, locked_until: null, ...ERASED_CONTENT })
    .where('status', '=', 'pending')
    .where(which)
    .execute();
}

/** As withdraw, answering the e-mails that stood by for the messages withdrawn, which are then due at once. */
async function withdrawAndFreeStandbys(db: Kysely<Database>, which: Waiting): Promise<string[]> {
  const waiting = await db.selectFrom('whatsapp_outbox').select('fallback_email_id').where('status', '=', 'pending').where(which).execute();
  await withdraw(db, which);
  return waiting.flatMap((row) => (row.fallback_email_id ? [row.fallback_email_id] : []));
}

/** Withdraws the messages about an appointment that still wait (STOP, an erasure); answers the e-mails that stood by for them. */
export function withdrawWhatsappAbout(db: Kysely<Database>, appointmentId: string): Promise<string[]> {
  return withdrawAndFreeStandbys(db, (eb) => eb('appointment_id', '=', appointmentId));
}

/**
 * Withdraws every message a clinic queued of its own accord and still waiting (notices,
 * reminders, questionnaires, alerts), as it switches WhatsApp off; replies to a visitor's own
 * message (a STOP's) still go. Answers the e-mails that stood by for them.
 */
export function withdrawClinicWhatsapp(db: Kysely<Database>, userId: string): Promise<string[]> {
  return withdrawAndFreeStandbys(db, (eb) => eb.and([eb('user_id', '=', userId), eb('kind', '!=', 'reply')]));
}

/** Withdraws the messages of these kinds about an appointment still waiting: its client's questionnaires, once their plan closed. */
export async function withdrawWhatsappOfKinds(db: Kysely<Database>, appointmentId: string, kinds: readonly string[]): Promise<void> {
  await withdraw(db, (eb) => eb.and([eb('appointment_id', '=', appointmentId), eb('kind', 'in', kinds)]));
}

/** Withdraws the messages still waiting that these e-mails stand by for: the reminders of an appointment that changed. */
export async function withdrawWhatsappStandingBy(db: Kysely<Database>, emailIds: readonly string[]): Promise<void> {
  if (emailIds.length === 0) return;
  await withdraw(db, (eb) => eb('fallback_email_id', 'in', emailIds));
}

/** Closes the messages whose moment passed unsent and answers the e-mails that stood by for them. */
export async function expireLapsedWhatsapp(db: Kysely<Database>, now: Date): Promise<string[]> {
  const lapsed = await db.selectFrom('whatsapp_outbox').select(['id', 'fallback_email_id']).where('status', '=', 'pending').where('expires_at', '<=', now).execute();
  if (lapsed.length === 0) return [];
  await db
    .updateTable('whatsapp_outbox')
    .set({ status: 'expired', lease_owner: null, locked_until: null, ...ERASED_CONTENT })
    .where('id', 'in', lapsed.map((row) => row.id))
    .where('status', '=', 'pending')
    .execute();
  return lapsed.flatMap((row) => (row.fallback_email_id ? [row.fallback_email_id] : []));
}

/** Forgets a message's standby e-mail once it was released or withdrawn: nothing goes twice. */
export async function forgetFallback(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('whatsapp_outbox').set({ fallback_email_id: null }).where('id', 'in', ids).execute();
}

/** Messages the clinic's number sent since `since` (the start of its month), for the clinic's count. */
export async function countWhatsappSentSince(db: Kysely<Database>, userId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('whatsapp_outbox')
    .select((eb) => eb.fn.countAll<number | string>().as('sent'))
    .where('user_id', '=', userId)
    .where('sent_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.sent);
}

