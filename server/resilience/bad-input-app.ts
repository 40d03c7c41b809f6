import { enqueueEmail } from '../../db/repositories/email-outbox';
import { bookSlot, insertPsychologist, insertSlot } from '../../db/testing/fixtures';
import type { DialectName } from '../../db/connect';
import { signInNewOperator } from '../testing/signed-in-operator';
import { startTestApp, type TestApp } from '../testing/test-app';

/**
 * The app with an operator who has a psychologist, a free and a booked slot, a queued mail
 * and a subscription, so refused requests have rows to leave alone; `cookie` signs them in.
 */
export async function startAppWithAnOperator(dialect: DialectName): Promise<{ t: TestApp; cookie: string }> {
  const t = await startTestApp(dialect);
  const db = t.services.db;
  const operator = await signInNewOperator(t);
  const psychologistId = await insertPsychologist(db, operator.userId);
  await insertSlot(db, psychologistId, new Date('2030-09-02T01:00:00Z'));
  const bookedSlotId = await insertSlot(db, psychologistId, new Date('2030-09-02T02:00:00Z'));
  await bookSlot(db, { userId: operator.userId, psychologistId, slotId: bookedSlotId });
  await enqueueEmail(db, { kind: 'test', to: 'siti@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' }, new Date());
  await db.insertInto('subscriptions').values({ user_id: operator.userId, status: 'active', updated_at: new Date() }).execute();
  return { t, cookie: operator.cookie };
}
