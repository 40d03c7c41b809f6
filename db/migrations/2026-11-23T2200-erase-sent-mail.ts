import type { Kysely } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * Sent mails used to keep their rendered message (reset links, visitors' names, e-mail
 * addresses and phone numbers) and recipient for ever. Since markEmailSent erases both when a
 * mail goes out, the mails sent before it lose them too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.updateTable('email_outbox').set({ recipient: '', message: '' }).where('status', '=', 'sent').execute();
}

/** What was erased cannot come back. */
export async function down(): Promise<void> {}
