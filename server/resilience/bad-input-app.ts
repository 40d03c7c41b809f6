import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { DialectName } from '../../db/connect';
import { enqueueEmail } from '../../db/repositories/email-outbox';
import { bookSlot, insertPsychologist, insertSlot } from '../../db/testing/fixtures';
import { snapshotTables } from '../../db/testing/table-snapshots';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { signInNewOperator } from '../testing/signed-in-operator';
import { startTestApp, type TestApp } from '../testing/test-app';
import type { ProcedureInfo } from '../trpc/root';
import { expectRefused } from './refusals';
import { SEED } from './seed';

/** Per route and transport, signed out and signed in, on each dialect: quick enough for CI. */
const RUNS_PER_ROUTE = 30;

export type BadInputSession = 'signed out' | 'signed in as an operator';

export const DIALECTS_AND_SESSIONS = TEST_DIALECTS.flatMap((dialect) =>
  (['signed out', 'signed in as an operator'] as const).map((session) => ({ dialect, session })),
);

export interface BadInputApp {
  t: TestApp;
  /** The operator's session cookie when signed in. */
  cookie?: string;
}

/**
 * The app with an operator who has a psychologist, a free and a booked slot, a queued mail
 * and a subscription, so refused requests have rows to leave alone.
 */
export async function startAppWithAnOperator(dialect: DialectName, session: BadInputSession): Promise<BadInputApp> {
  const t = await startTestApp(dialect);
  const db = t.services.db;
  const operator = await signInNewOperator(t);
  const psychologistId = await insertPsychologist(db, operator.userId);
  await insertSlot(db, psychologistId, new Date('2030-09-02T01:00:00Z'));
  const bookedSlotId = await insertSlot(db, psychologistId, new Date('2030-09-02T02:00:00Z'));
  await bookSlot(db, { userId: operator.userId, psychologistId, slotId: bookedSlotId });
  await enqueueEmail(db, { kind: 'test', to: 'siti@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' }, new Date());
  await db.insertInto('subscriptions').values({ user_id: operator.userId, status: 'active', updated_at: new Date() }).execute();
  return { t, ...(session === 'signed in as an operator' && { cookie: operator.cookie }) };
}

/**
 * Whether bad input can reach the procedure in this session. Signed in, a mutation without
 * input (logout, subscribe) is always a real call: there is no input to be malformed.
 */
export const takesBadInput = (procedure: ProcedureInfo, session: BadInputSession) =>
  session === 'signed out' || procedure.hasInput || procedure.type === 'query';

/** Sends generated requests: each must be refused, and no row may change. */
export async function expectAllRefused(
  { t, cookie }: BadInputApp,
  requests: fc.Arbitrary<Pick<InjectOptions, 'method' | 'url' | 'headers' | 'payload'>>,
  refusal: Parameters<typeof expectRefused>[1],
) {
  const before = await snapshotTables(t.services.db);
  await fc.assert(
    fc.asyncProperty(requests, async ({ headers, ...request }) => {
      const response = await t.app.inject({ ...request, headers: { ...headers, ...(cookie && { cookie }) } });
      expectRefused(response, refusal);
    }),
    { seed: SEED, numRuns: RUNS_PER_ROUTE },
  );
  expect(await snapshotTables(t.services.db)).toEqual(before);
}
