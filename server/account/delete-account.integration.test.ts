import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../db/repositories/audit-log';
import { insertWebhookEndpoint } from '../../db/repositories/webhooks';
import type { Database } from '../../db/schema';
import { insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { signedInAs } from '../testing/signed-in-operator';
import { startStripeTestApp, type StripeTestApp } from '../testing/stripe-test-app';

/** Row counts of every table, to show another clinic's rows untouched. */
async function rowsPerTable(db: Kysely<Database>): Promise<Record<string, string>> {
  const counts: Record<string, string> = {};
  for (const table of await db.introspection.getTables()) {
    counts[table.name] = JSON.stringify(await db.selectFrom(table.name as keyof Database).selectAll().execute());
  }
  return counts;
}

describe.each(TEST_DIALECTS)('a clinic deletes its account on %s', (dialect) => {
  let t: StripeTestApp;
  beforeAll(async () => {
    t = await startStripeTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A clinic with everything a clinic has: screener, psychologist, slots, a booking with its mails and events, a webhook, a consent, an audit entry and a Stripe subscription. */
  async function clinicWithData() {
    const db = t.services.db;
    const screener = await insertBookableScreener(db);
    await db.updateTable('screener_configurations').set({ company_slug: screener.slug }).where('user_id', '=', screener.userId).execute();
    await insertWebhookEndpoint(db, { userId: screener.userId, url: 'https://clinic.example/hook', now: new Date() });
    await insertSlot(db, screener.psychologistId, hoursFromNow(96));
    const booking = await postBooking(t, bookingRequest(screener, await insertSlot(db, screener.psychologistId, hoursFromNow(72))));
    expect(booking.status).toBe(201);
    const appointmentId = booking.body.appointmentId as string;
    await db.insertInto('consent_texts').values({ version: `v-${screener.userId}`, kind: 'privacy-notice', language: 'en', text: 'Text', first_shown_at: new Date() }).execute();
    await db.insertInto('consent_records').values({ id: appointmentId, user_id: screener.userId, appointment_id: appointmentId, kind: 'privacy-notice', text_version: `v-${screener.userId}`, given_at: new Date() }).execute();
    await recordAudit(db, { userId: screener.userId, actor: 'clinic', action: 'results.viewed', subjectId: appointmentId, at: new Date() });
    const customer = `cus_${screener.userId.slice(0, 8)}`;
    const subscription = (await (await fetch(`${t.stripe.url}/v1/subscriptions`, { method: 'POST', body: `customer=${customer}` })).json()) as { id: string };
    await db
      .insertInto('subscriptions')
      .values({ user_id: screener.userId, stripe_customer_id: customer, stripe_subscription_id: subscription.id, status: 'active', updated_at: new Date() })
      .execute();
    return { ...(await signedInAs(t, screener)), appointmentId, subscriptionId: subscription.id };
  }

  it('refuses without the typed username, then cancels the subscription and leaves no row of the clinic, and none of another touched', async () => {
    const clinic = await clinicWithData();
    const other = await clinicWithData();
    const before = await rowsPerTable(t.services.db);

    const unconfirmed = await clinic.rest('DELETE', `/api/account?confirmUsername=${encodeURIComponent(other.username)}`);
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body).toEqual({ error: expect.stringContaining('username') });
    expect(await rowsPerTable(t.services.db)).toEqual(before);
    expect(t.stripe.calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    // A field the form does not have is refused, not ignored.
    const deleted = await clinic.rest('DELETE', `/api/account?confirmUsername=${clinic.username}&userId=${other.userId}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(400);
    const done = await clinic.rest('DELETE', `/api/account?confirmUsername=${clinic.username}`);
    expect(done.status, JSON.stringify(done.body)).toBe(200);

    expect(t.stripe.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`/v1/subscriptions/${clinic.subscriptionId}`]);
    expect(t.stripe.subscriptions.get(clinic.subscriptionId)?.status).toBe('canceled');
    expect(t.stripe.subscriptions.get(other.subscriptionId)?.status).not.toBe('canceled');

    const after = await rowsPerTable(t.services.db);
    const everything = Object.values(after).join('\n');
    for (const trace of [clinic.userId, clinic.username, clinic.operatorEmail, clinic.configurationId, clinic.slug, clinic.psychologistId, clinic.psychologistEmail, clinic.appointmentId]) {
      expect(everything, trace).not.toContain(trace);
    }
    for (const trace of [other.userId, other.configurationId, other.psychologistId, other.appointmentId, other.psychologistEmail]) {
      expect(everything, trace).toContain(trace);
    }
    for (const table of ['appointments', 'psychologists', 'availability_slots', 'webhook_endpoints', 'consent_records', 'audit_log', 'subscriptions']) {
      expect(JSON.parse(after[table]!), table).toEqual(
        (JSON.parse(before[table]!) as Record<string, string>[]).filter((row) => !JSON.stringify(row).includes(clinic.userId) && !JSON.stringify(row).includes(clinic.psychologistId)),
      );
    }
    // The cookie names no session any more.
    expect((await clinic.rest('GET', '/api/me')).status).toBe(401);
  });

  it('keeps everything when Stripe cannot cancel the subscription, so the clinic can try again', async () => {
    const clinic = await clinicWithData();
    const before = await rowsPerTable(t.services.db);
    t.stripe.failNext('DELETE', `/v1/subscriptions/${clinic.subscriptionId}`, 400, 'card network down');
    const refused = await clinic.rest('DELETE', `/api/account?confirmUsername=${clinic.username}`);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: expect.stringContaining('nothing was deleted') });
    expect(await rowsPerTable(t.services.db)).toEqual(before);
    expect((await clinic.rest('DELETE', `/api/account?confirmUsername=${clinic.username}`)).status).toBe(200);
  });
});
