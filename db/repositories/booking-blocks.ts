import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';
import type { Database } from '../schema';

/**
 * Refuses the clinic's bookings from each subject until `expiresAt`; a subject blocked already
 * is blocked until the later time. One statement per subject, so two spam marks racing do not
 * collide on the key.
 */
export async function blockBookingSubjects(
  db: Kysely<Database>,
  dialect: DialectName,
  block: { userId: string; subjectDigests: readonly string[]; expiresAt: Date },
): Promise<void> {
  for (const subjectDigest of block.subjectDigests) {
    const insert = db.insertInto('booking_blocks').values({ user_id: block.userId, subject_digest: subjectDigest, expires_at: block.expiresAt });
    await (dialect === 'mysql'
      ? insert.onDuplicateKeyUpdate({ expires_at: block.expiresAt })
      : insert.onConflict((oc) => oc.columns(['user_id', 'subject_digest']).doUpdateSet({ expires_at: block.expiresAt }))
    ).execute();
  }
}

/** Whether any of the subjects is blocked at the clinic at `now`. */
export async function isAnyBookingSubjectBlocked(db: Kysely<Database>, userId: string, subjectDigests: readonly string[], now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('booking_blocks')
    .select('subject_digest')
    .where('user_id', '=', userId)
    .where('subject_digest', 'in', subjectDigests)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets the blocks whose time ran out: they refuse nothing any more. */
export async function deleteExpiredBookingBlocks(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('booking_blocks').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
