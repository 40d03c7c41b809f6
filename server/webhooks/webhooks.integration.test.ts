import { addSeconds } from 'date-fns';
import type { Kysely, KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asDate } from '../../db/dates';
import type { Database } from '../../db/schema';
import { insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { manageTokenOf } from '../appointments/manage-token';
import { type BookableScreener, bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { signedInAs } from '../testing/signed-in-operator';
import { startTestApp, type TestApp } from '../testing/test-app';
import { signatureValid, startWebhookReceiver } from '../testing/webhook-receiver';
import { WEBHOOK_API_VERSION } from '../../domain/webhook-events';
import { deliverDueWebhooks } from './deliver-webhooks';
import type { Webhooks } from './webhook-endpoints';

describe.each(TEST_DIALECTS)('webhooks on %s', (dialect) => {
  let t: TestApp;
  let secret = '';
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    receiver = await startWebhookReceiver(() => secret);
  });
  afterAll(async () => {
    await receiver.stop();
    await t.close();
  });

  /** A clinic that takes requests by hand without e-mail confirmation, signed in, with the receiver registered. */
  async function clinicWithEndpoint(clinic: Parameters<typeof insertBookableScreener>[2] = { confirmVisitorEmail: false }) {
    const screener = await insertBookableScreener(t.services.db, { cancellationNoticeHours: 0 }, clinic);
    const operator = await signedInAs(t, screener);
    const registered = await operator.rest('POST', '/api/webhooks', { url: receiver.url });
    expect(registered.status).toBe(201);
    const webhooks = registered.body as Webhooks;
    secret = webhooks.secret!;
    return { screener, operator, endpointId: webhooks.endpoints[0]!.id };
  }

  const visitorPost = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { origin: t.services.env.publicUrl }, payload });

  async function book(screener: BookableScreener, hours: number) {
    const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(hours));
    const response = await postBooking(t, bookingRequest(screener, slotId));
    expect(response.status).toBe(201);
    return response.body.appointmentId as string;
  }

  it('refuses an address that is not https, in the caller’s language, and keeps the secret for the clinic', async () => {
    const screener = await insertBookableScreener(t.services.db);
    const operator = await signedInAs(t, screener);
    const plain = await operator.rest('POST', '/api/webhooks', { url: 'http://clinic.example.my/events' });
    expect(plain).toMatchObject({ status: 400, body: { error: 'The endpoint must be an https address. Events carry your clients’ names and contacts.' } });
    const notUrl = await operator.rest('POST', '/api/webhooks', { url: 'clinic events' });
    expect(notUrl.status).toBe(400);
    expect((notUrl.body as { fields: Record<string, string[]> }).fields.url).toEqual(['must be an https URL such as https://clinic.example.my/minda-events']);
    expect(await operator.rest('GET', '/api/webhooks')).toMatchObject({ status: 200, body: { secret: null, endpoints: [] } });

    const saved = await operator.rest('POST', '/api/webhooks', { url: 'https://clinic.example.my/events' });
    expect(saved.status).toBe(201);
    expect((saved.body as Webhooks).secret).toMatch(/^whsec_[\w-]{43}$/);
  });

  it('posts each change of an appointment, signed with the clinic’s secret, in order, and nothing of a hold', async () => {
    const { screener, operator } = await clinicWithEndpoint();
    const appointmentId = await book(screener, 72);
    expect((await operator.rest('POST', `/api/appointments/${appointmentId}/confirm`, {})).status).toBe(200);
    const token = manageTokenOf(t.services.env, appointmentId);
    const otherSlot = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(96));
    expect((await visitorPost(`/api/public/appointments/manage/${token}/reschedule`, { slotId: otherSlot })).statusCode).toBe(200);
    expect((await visitorPost(`/api/public/appointments/manage/${token}/cancel`, {})).statusCode).toBe(200);

    const before = receiver.received.length;
    expect(await deliverDueWebhooks(t.services)).toEqual({ delivered: 4, failed: 0 });
    const arrived = receiver.received.slice(before);
    expect(arrived.every((event) => event.signatureValid)).toBe(true);
    const events = arrived.map(
      (event) => JSON.parse(event.body) as { id: string; type: string; apiVersion: string; occurredAt: string; data: { appointment: Record<string, unknown>; previous?: object } },
    );
    expect(events.map((event) => event.type)).toEqual(['appointment.requested', 'appointment.confirmed', 'appointment.rescheduled', 'appointment.cancelled']);
    expect(events.map((event) => event.data.appointment.status)).toEqual(['requested', 'confirmed', 'confirmed', 'cancelled']);
    expect(events.every((event) => event.apiVersion === WEBHOOK_API_VERSION && !Number.isNaN(Date.parse(event.occurredAt)))).toBe(true);
    // The revision is the calendar's SEQUENCE: what the psychologist's feed says now, the last event says too.
    const revisions = events.map((event) => event.data.appointment.revision as number);
    expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
    expect(new Set(revisions).size).toBe(4);
    const stored = await t.services.db.selectFrom('appointments').select('revision').where('id', '=', appointmentId).executeTakeFirstOrThrow();
    expect(revisions.at(-1)).toBe(Number(stored.revision));
    expect(events[2]!.data.previous).toEqual({ startUtc: hoursFromNow(72).toISOString(), endUtc: addSeconds(hoursFromNow(72), 3600).toISOString() });
    expect(new Set(events.map((event) => event.data.appointment.id))).toEqual(new Set([appointmentId]));
    expect(events[2]!.data.appointment.startUtc).toBe(hoursFromNow(96).toISOString());
    expect(arrived.map((event) => event.headers['minda-event-id'])).toEqual(events.map((event) => event.id));
    expect(events[0]!.data.appointment).toMatchObject({ psychologist: { id: screener.psychologistId, name: 'Dr. Test' }, client: { name: 'Nur Aisyah' } });

    // A hold is the visitor's until they confirm their e-mail.
    await t.services.db.updateTable('users').set({ confirm_visitor_email: 1 }).where('id', '=', screener.userId).execute();
    const held = await book(screener, 120);
    expect(await deliverDueWebhooks(t.services)).toEqual({ delivered: 0, failed: 0 });
    expect((await visitorPost(`/api/public/appointments/manage/${manageTokenOf(t.services.env, held)}/confirm-email`, {})).statusCode).toBe(200);
    expect(await deliverDueWebhooks(t.services)).toEqual({ delivered: 1, failed: 0 });
    expect(receiver.events().at(-1)).toMatchObject({ type: 'appointment.requested', data: { appointment: { id: held } } });
  });

  it('retries a delivery the receiver refused, delivers it once, and keeps its body for a redelivery', async () => {
    const { operator, endpointId } = await clinicWithEndpoint();
    receiver.failNext(1);
    const queued = await operator.rest('POST', `/api/webhooks/${endpointId}/test`, {});
    expect(queued.status).toBe(200);
    const before = receiver.received.length;
    const failuresBefore = (await t.services.metrics.webhookFailures.get()).values[0]?.value ?? 0;
    expect(await deliverDueWebhooks(t.services)).toEqual({ delivered: 0, failed: 1 });
    expect((await t.services.metrics.webhookFailures.get()).values[0]?.value).toBe(failuresBefore + 1);
    const listed = (await operator.rest('GET', '/api/webhooks')).body as Webhooks;
    expect(listed.deliveries).toHaveLength(1);
    expect(listed.deliveries[0]).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: 1, lastStatusCode: 500 });

    // Not before its time: 30 s after the first failure.
    expect(await deliverDueWebhooks(t.services)).toEqual({ delivered: 0, failed: 0 });
    t.services.now = () => addSeconds(new Date(), 31);
    try {
      expect(await deliverDueWebhooks(t.services)).toEqual({ delivered: 1, failed: 0 });
      expect(await deliverDueWebhooks(t.services)).toEqual({ delivered: 0, failed: 0 });
    } finally {
      t.services.now = () => new Date();
    }
    expect(receiver.received.length - before).toBe(1);
    expect(receiver.events().at(-1)).toMatchObject({ type: 'webhook.test' });
    const row = await t.services.db.selectFrom('webhook_deliveries').selectAll().where('user_id', '=', operator.userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'delivered', last_status_code: 204 });
    expect(row.payload).toBe(receiver.received.at(-1)!.body);
    expect(Number(row.attempts)).toBe(2);
  });

  /** The database as a worker sees it, where the first failure mark (the update that writes last_error) loses to a deadlock before it runs. */
  function losingFirstFailureMark(db: Kysely<Database>): Kysely<Database> {
    let lost = false;
    const plugin: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (!lost && node.kind === 'UpdateQueryNode' && JSON.stringify(node).includes('"last_error"')) {
          lost = true;
          throw Object.assign(new Error('Deadlock found when trying to get lock; try restarting transaction'), { errno: 1213 });
        }
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    return db.withPlugin(plugin);
  }

  it('records a refused delivery though its mark loses to a deadlock once', async () => {
    const { operator, endpointId } = await clinicWithEndpoint();
    receiver.failNext(1);
    expect((await operator.rest('POST', `/api/webhooks/${endpointId}/test`, {})).status).toBe(200);
    expect(await deliverDueWebhooks({ ...t.services, db: losingFirstFailureMark(t.services.db) })).toEqual({ delivered: 0, failed: 1 });
    const listed = (await operator.rest('GET', '/api/webhooks')).body as Webhooks;
    expect(listed.deliveries[0]).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    // Its retry, 30 s on, delivers it: nothing is left waiting for the tests after this one.
    t.services.now = () => addSeconds(new Date(), 31);
    try {
      expect(await deliverDueWebhooks(t.services)).toEqual({ delivered: 1, failed: 0 });
    } finally {
      t.services.now = () => new Date();
    }
  });

  it('delivers each event exactly once when several workers race', async () => {
    const { operator, endpointId } = await clinicWithEndpoint();
    for (let i = 0; i < 12; i++) expect((await operator.rest('POST', `/api/webhooks/${endpointId}/test`, {})).status).toBe(200);
    const before = receiver.received.length;
    const passes = await Promise.all([0, 1, 2].map(() => deliverDueWebhooks(t.services, 5)));
    while ((await deliverDueWebhooks(t.services)).delivered > 0);
    const ids = receiver.events().slice(before).map((event) => event.id);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    expect(passes.reduce((sum, pass) => sum + pass.delivered, 0)).toBeLessThanOrEqual(12);
  });

  it('removes an endpoint with its deliveries; a removed or unknown endpoint is not found', async () => {
    const { operator, endpointId } = await clinicWithEndpoint();
    await operator.rest('POST', `/api/webhooks/${endpointId}/test`, {});
    const removed = await operator.rest('DELETE', `/api/webhooks/${endpointId}`);
    expect(removed).toMatchObject({ status: 200, body: { endpoints: [], deliveries: [] } });
    expect(await operator.rest('DELETE', `/api/webhooks/${endpointId}`)).toMatchObject({ status: 404, body: { error: 'Webhook endpoint not found' } });
    expect((await operator.rest('POST', `/api/webhooks/${endpointId}/test`, {})).status).toBe(404);
  });

  it('rolls the signing secret: the old one signs beside the new one for 24 hours, then stops', async () => {
    const fresh = await signedInAs(t, await insertBookableScreener(t.services.db));
    expect(await fresh.rest('POST', '/api/webhooks/secret/roll', {})).toMatchObject({
      status: 409,
      body: { error: 'There is no signing secret to roll yet: it is drawn with your first endpoint.' },
    });

    const { operator, endpointId } = await clinicWithEndpoint();
    const first = secret;
    const rolled = await operator.rest('POST', '/api/webhooks/secret/roll', {});
    expect(rolled.status).toBe(200);
    const { secret: second, previousSecretUntil } = rolled.body as Webhooks;
    expect(second).toMatch(/^whsec_[\w-]{43}$/);
    expect(second).not.toBe(first);
    const hoursLeft = (new Date(previousSecretUntil!).getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);

    /** The signature header of one test event, delivered now. */
    const delivered = async () => {
      await operator.rest('POST', `/api/webhooks/${endpointId}/test`, {});
      expect(await deliverDueWebhooks(t.services)).toEqual({ delivered: 1, failed: 0 });
      const event = receiver.received.at(-1)!;
      return { header: String(event.headers['minda-signature']), body: event.body };
    };
    const during = await delivered();
    expect(during.header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(signatureValid(second!, during.header, during.body)).toBe(true);
    expect(signatureValid(first, during.header, during.body)).toBe(true);

    // Rolled again within the day: the newest two sign, the first no more.
    const third = ((await operator.rest('POST', '/api/webhooks/secret/roll', {})).body as Webhooks).secret!;
    const again = await delivered();
    expect(signatureValid(third, again.header, again.body)).toBe(true);
    expect(signatureValid(second!, again.header, again.body)).toBe(true);
    expect(signatureValid(first, again.header, again.body)).toBe(false);

    // A day later, only the newest.
    await t.services.db.updateTable('users').set({ webhook_previous_secret_until: new Date(Date.now() - 1000) }).where('id', '=', operator.userId).execute();
    const after = await delivered();
    expect(after.header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(signatureValid(third, after.header, after.body)).toBe(true);
    expect(signatureValid(second!, after.header, after.body)).toBe(false);
    expect(((await operator.rest('GET', '/api/webhooks')).body as Webhooks).previousSecretUntil).toBeNull();
  });

  /** The value of one of this process's gauges, read from the shared database now. */
  const gauge = async (name: string) => (await t.services.metrics.registry.getSingleMetric(name)!.get()).values[0]!.value;

  it('holds an appointment’s later event back while an earlier one is retried, with any number of workers, and counts the backlog', async () => {
    const { screener, operator } = await clinicWithEndpoint();
    const pendingBefore = await gauge('minda_webhook_pending');
    receiver.failNext(1);
    const appointmentId = await book(screener, 72);
    expect(await deliverDueWebhooks(t.services)).toEqual({ delivered: 0, failed: 1 });
    expect((await operator.rest('POST', `/api/appointments/${appointmentId}/confirm`, {})).status).toBe(200);

    // The confirmation waits for the request still being retried: not even leased, nothing arrives.
    const before = receiver.received.length;
    const deliveries = () =>
      t.services.db
        .selectFrom('webhook_deliveries')
        .select(['event_type', 'attempts', 'lease_owner', 'next_attempt_at'])
        .where('appointment_id', '=', appointmentId)
        .orderBy('revision')
        .execute();
    const queued = await deliveries();
    expect(await deliverDueWebhooks(t.services)).toEqual({ delivered: 0, failed: 0 });
    // Even when the request is due again but another process holds it, mid-attempt: the
    // confirmation is neither leased nor put off over and over, whatever the batch size.
    await t.services.db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: new Date(Date.now() - 1_000), lease_owner: 'another process', locked_until: new Date(Date.now() + 60_000) })
      .where('appointment_id', '=', appointmentId)
      .where('event_type', '=', 'appointment.requested')
      .execute();
    expect(await deliverDueWebhooks(t.services, 1)).toEqual({ delivered: 0, failed: 0 });
    expect(receiver.received.length).toBe(before);
    const confirmation = (await deliveries())[1]!;
    expect(confirmation).toEqual(queued[1]);
    expect(confirmation).toMatchObject({ event_type: 'appointment.confirmed', attempts: 0, lease_owner: null });
    // That process died: the request's lease lapses and it is retried as before.
    await t.services.db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: asDate(queued[0]!.next_attempt_at), lease_owner: null, locked_until: null })
      .where('appointment_id', '=', appointmentId)
      .where('event_type', '=', 'appointment.requested')
      .execute();
    expect(await gauge('minda_webhook_pending')).toBe(pendingBefore + 2);
    // Queued two minutes ago, as if the receiver had refused that long: the gauge shows the wait.
    await t.services.db.updateTable('webhook_deliveries').set({ created_at: new Date(Date.now() - 120_000) }).where('user_id', '=', operator.userId).execute();
    expect(await gauge('minda_webhook_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(120);

    // At the retry, three workers race: the request goes first, then the confirmation.
    t.services.now = () => addSeconds(new Date(), 31);
    try {
      const passes = await Promise.all([0, 1, 2].map(() => deliverDueWebhooks(t.services, 1)));
      while ((await deliverDueWebhooks(t.services)).delivered > 0);
      expect(passes.reduce((sum, pass) => sum + pass.delivered, 0)).toBeLessThanOrEqual(2);
    } finally {
      t.services.now = () => new Date();
    }
    const arrived = receiver.events().slice(before);
    expect(arrived.map((event) => event.type)).toEqual(['appointment.requested', 'appointment.confirmed']);
    expect(arrived.map((event) => (event.data.appointment as { revision: number }).revision)).toEqual([0, 1]);
    expect(await gauge('minda_webhook_pending')).toBe(pendingBefore);
  });

  it('sends an endpoint only the event types it chose, validated, and every type again when it chooses none', async () => {
    const screener = await insertBookableScreener(t.services.db, { cancellationNoticeHours: 0 }, { confirmVisitorEmail: false });
    const operator = await signedInAs(t, screener);
    const wrong = await operator.rest('POST', '/api/webhooks', { url: receiver.url, eventTypes: ['appointment.held'] });
    expect(wrong.status).toBe(400);
    expect((wrong.body as { fields: Record<string, string[]> }).fields['eventTypes.0']?.[0]).toMatch(/^must be one of appointment\.requested, /);
    const none = await operator.rest('POST', '/api/webhooks', { url: receiver.url, eventTypes: [] });
    expect(none).toMatchObject({ status: 400, body: { fields: { eventTypes: ['choose at least one event, or remove the endpoint'] } } });

    const registered = await operator.rest('POST', '/api/webhooks', { url: receiver.url, eventTypes: ['appointment.cancelled', 'appointment.requested'] });
    expect(registered.status).toBe(201);
    secret = (registered.body as Webhooks).secret!;
    const endpoint = (registered.body as Webhooks).endpoints[0]!;
    expect(endpoint.eventTypes).toEqual(['appointment.requested', 'appointment.cancelled']);

    const first = await book(screener, 72);
    await operator.rest('POST', `/api/appointments/${first}/confirm`, {});
    await operator.rest('POST', `/api/appointments/${first}/cancel`, {});
    const before = receiver.received.length;
    while ((await deliverDueWebhooks(t.services)).delivered > 0);
    expect(receiver.events().slice(before).map((event) => event.type)).toEqual(['appointment.requested', 'appointment.cancelled']);

    const everything = await operator.rest('PUT', `/api/webhooks/${endpoint.id}/event-types`, { eventTypes: null });
    expect(everything.status).toBe(200);
    expect((everything.body as Webhooks).endpoints[0]!.eventTypes).toBeNull();
    // The same choice again changes nothing and is no error (MySQL counts it as matched, not changed).
    expect((await operator.rest('PUT', `/api/webhooks/${endpoint.id}/event-types`, { eventTypes: null })).status).toBe(200);
    const second = await book(screener, 96);
    await operator.rest('POST', `/api/appointments/${second}/confirm`, {});
    const after = receiver.received.length;
    while ((await deliverDueWebhooks(t.services)).delivered > 0);
    expect(receiver.events().slice(after).map((event) => event.type)).toEqual(['appointment.requested', 'appointment.confirmed']);

    const other = await signedInAs(t, await insertBookableScreener(t.services.db));
    expect((await other.rest('PUT', `/api/webhooks/${endpoint.id}/event-types`, { eventTypes: null })).status).toBe(404);
  });

  it('redelivers a past event with its id and body; after the visitor’s erasure, without them, and only when delivered', async () => {
    const { screener, operator } = await clinicWithEndpoint();
    const appointmentId = await book(screener, 72);
    while ((await deliverDueWebhooks(t.services)).delivered > 0);
    const original = receiver.received.at(-1)!;
    const delivery = ((await operator.rest('GET', '/api/webhooks')).body as Webhooks).deliveries[0]!;
    expect(delivery).toMatchObject({ eventType: 'appointment.requested', status: 'delivered' });

    const again = await operator.rest('POST', `/api/webhooks/deliveries/${delivery.id}/redeliver`, {});
    expect(again.status).toBe(200);
    const queued = (again.body as Webhooks).deliveries.find((listed) => listed.id !== delivery.id && listed.eventId === delivery.eventId)!;
    expect(queued).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await operator.rest('POST', `/api/webhooks/deliveries/${queued.id}/redeliver`, {})).toMatchObject({
      status: 409,
      body: { error: 'This event has not been delivered yet: it is retried on its own until your endpoint answers 2xx.' },
    });
    expect(await deliverDueWebhooks(t.services)).toEqual({ delivered: 1, failed: 0 });
    expect(receiver.received.at(-1)!).toMatchObject({ body: original.body, signatureValid: true });
    expect(receiver.received.at(-1)!.headers['minda-event-id']).toBe(delivery.eventId);

    // The visitor erases their data: the kept body loses them, and a redelivery carries the same event without them.
    const token = manageTokenOf(t.services.env, appointmentId);
    expect((await visitorPost(`/api/public/appointments/manage/${token}/erase`, {})).statusCode).toBe(200);
    while ((await deliverDueWebhooks(t.services)).delivered > 0);
    expect(JSON.stringify(await t.services.db.selectFrom('webhook_deliveries').select('payload').where('user_id', '=', screener.userId).execute())).not.toContain('Nur Aisyah');
    expect((await operator.rest('POST', `/api/webhooks/deliveries/${delivery.id}/redeliver`, {})).status).toBe(200);
    expect(await deliverDueWebhooks(t.services)).toEqual({ delivered: 1, failed: 0 });
    const redacted = receiver.events().at(-1)!;
    expect(redacted).toMatchObject({ id: delivery.eventId, type: 'appointment.requested', data: { appointment: { id: appointmentId, client: null } } });

    const other = await signedInAs(t, await insertBookableScreener(t.services.db));
    expect(await other.rest('POST', `/api/webhooks/deliveries/${delivery.id}/redeliver`, {})).toMatchObject({ status: 404, body: { error: 'Webhook delivery not found' } });
  });
});
