import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connect';
import { asDate } from '../dates';
import type { Database } from '../schema';

export interface LoginThrottle {
  failures: number;
  lastFailureAt: Date;
}

export async function findLoginThrottle(db: Kysely<Database>, bucket: string): Promise<LoginThrottle | undefined> {
  const row = await db.selectFrom('login_throttles').select(['failures', 'last_failure_at']).where('bucket', '=', bucket).executeTakeFirst();
  return row && { failures: Number(row.failures), lastFailureAt: asDate(row.last_failure_at) };
}

/**
 * Counts one more wrong password and answers the run's total, in one statement (as countHit
 * does): a run whose last failure came at or before `runEndedBy` starts again from one.
 */
export async function countLoginFailure(
  db: Kysely<Database>,
  dialect: DialectName,
  failure: { bucket: string; at: Date; runEndedBy: Date },
): Promise<number> {
  const insert = db.insertInto('login_throttles').values({ bucket: failure.bucket, failures: 1, last_failure_at: failure.at });
  const failures = sql<number>`case when last_failure_at <= ${failure.runEndedBy} then 1 else failures + 1 end`;
  if (dialect === 'mysql') {
    // MySQL assigns left to right, so `failures` still reads the old last_failure_at.
    const result = await insert
      .onDuplicateKeyUpdate({ failures: sql<number>`last_insert_id(${failures})`, last_failure_at: failure.at })
      .executeTakeFirst();
    return Number(result.insertId ?? 0) || 1;
  }
  const row = await insert
    .onConflict((oc) => oc.column('bucket').doUpdateSet({ failures, last_failure_at: failure.at }))
    .returning('failures')
    .executeTakeFirstOrThrow();
  return Number(row.failures);
}

export async function deleteLoginThrottle(db: Kysely<Database>, bucket: string): Promise<void> {
  await db.deleteFrom('login_throttles').where('bucket', '=', bucket).execute();
}

/** Runs whose last wrong password came at or before `runEndedBy` are over. */
export async function deleteFinishedLoginThrottles(db: Kysely<Database>, runEndedBy: Date): Promise<number> {
  const result = await db.deleteFrom('login_throttles').where('last_failure_at', '<=', runEndedBy).executeTakeFirst();
  return Number(result.numDeletedRows);
}
