import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connect';
import type { Database } from '../schema';

/** What one sign-in attempt needs to know, all computed by the caller's clock. */
export interface AttemptClaim {
  bucket: string;
  at: Date;
  /** A run whose last wrong password came at or before this is over: counting starts again. */
  runEndedBy: Date;
  /** When the attempt after the nth wrong password of a run may be checked, for n = 1, 2, …; the last entry holds for every larger n. */
  nextAttemptAfter: Date[];
}

const LONG_AGO = new Date(0);

/**
 * Claims the right to check one password, and counts it as wrong in advance, in one
 * conditional UPDATE: of any number of simultaneous attempts, only as many as the delay allows
 * win, on any number of server processes. Answers the run's count including this attempt, or
 * undefined when it came too early (then nothing is counted). A correct password then deletes
 * the row, so only wrong ones remain counted.
 */
export async function claimLoginAttempt(db: Kysely<Database>, dialect: DialectName, claim: AttemptClaim): Promise<number | undefined> {
  const fresh = { bucket: claim.bucket, failures: 0, last_failure_at: LONG_AGO, next_attempt_at: LONG_AGO };
  const insert = db.insertInto('login_throttles').values(fresh);
  await (dialect === 'mysql' ? insert.ignore() : insert.onConflict((oc) => oc.column('bucket').doNothing())).execute();

  const failures = sql<number>`case when last_failure_at <= ${claim.runEndedBy} then 1 else failures + 1 end`;
  const delays = claim.nextAttemptAfter;
  const nextAttemptAt = sql<Date>`case ${sql.join(
    delays.slice(0, -1).map((after, index) => sql`when ${failures} = ${index + 1} then ${after}`),
    sql` `,
  )} else ${delays[delays.length - 1]!} end`;
  const update = db
    .updateTable('login_throttles')
    .where('bucket', '=', claim.bucket)
    .where((eb) => eb.or([eb('last_failure_at', '<=', claim.runEndedBy), eb('next_attempt_at', '<=', claim.at)]));
  if (dialect === 'mysql') {
    // MySQL assigns left to right, each seeing the ones before: next_attempt_at reads the old
    // count, and the count reads the old last_failure_at. LAST_INSERT_ID hands the count (at
    // least 1) back; an UPDATE that matched nothing leaves it 0.
    const result = await db.executeQuery(
      update.set({ next_attempt_at: nextAttemptAt, failures: sql<number>`last_insert_id(${failures})`, last_failure_at: claim.at }).compile(),
    );
    return Number(result.insertId ?? 0) || undefined;
  }
  const row = await update
    .set({ next_attempt_at: nextAttemptAt, failures, last_failure_at: claim.at })
    .returning('failures')
    .executeTakeFirst();
  return row && Number(row.failures);
}

export async function deleteLoginThrottle(db: Kysely<Database>, bucket: string): Promise<void> {
  await db.deleteFrom('login_throttles').where('bucket', '=', bucket).execute();
}

/** Runs whose last wrong password came at or before `runEndedBy` are over. */
export async function deleteFinishedLoginThrottles(db: Kysely<Database>, runEndedBy: Date): Promise<number> {
  const result = await db.deleteFrom('login_throttles').where('last_failure_at', '<=', runEndedBy).executeTakeFirst();
  return Number(result.numDeletedRows);
}
