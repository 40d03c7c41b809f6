import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredIdempotencyKeys } from '../../db/repositories/idempotency-keys';
import { bookSlot, insertPsychologist, insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { manageTokenOf } from '../appointments/manage-token';
import { deliverDueEmails } from '../mail/outbox-worker';
import { bookingRequest, hoursFromNow, insertBookableScreener, visitorAddress, withProofOfWork } from '../testing/booking-requests';
import { signInNewOperator } from '../testing/signed-in-operator';
import { type SmtpTestApp, startSmtpTestApp } from '../testing/smtp-test-app';
import { translationsFor } from '../translations';

const en = translationsFor('en').errors.idempotency;
const ms = translationsFor('ms').errors.idempotency;

describe.each(TEST_DIALECTS)('Idempotency-Key on the REST API on %s', (dialect) => {
  let t: SmtpTestApp;
  beforeAll(async () => {
    t = await startSmtpTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A REST call as a client sends it, with its key, from an address. */
  const call = (request: { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; key?: string; payload?: object; remoteAddress?: string; headers?: Record<string, string> }) =>
    t.app.inject({
      method: request.method,
      url: request.url,
      remoteAddress: request.remoteAddress ?? visitorAddress(),
      headers: { origin: t.services.env.publicUrl, ...(request.key && { 'idempotency-key': request.key }), ...request.headers },
      ...(request.payload && { payload: request.payload }),
    });

  /** What the SMTP server received for this address once the outbox has run. */
  async function mailsTo(address: string) {
    await deliverDueEmails(t.services);
    return t.smtp.messages.filter((mail) => mail.to.includes(address));
  }

  async function keyRows() {
    return t.services.db.selectFrom('idempotency_keys').selectAll().execute();
  }

  it('books once for two identical bookings racing with one key, and replays the answer without a second mail', async () => {
    const screener = await insertBookableScreener(t.services.db);
    const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(48));
    const address = visitorAddress();
    const booking = await withProofOfWork(t, bookingRequest(screener, slotId), address);
    const key = randomUUID();
    const book = () => call({ method: 'POST', url: '/api/public/appointments', key, payload: booking, remoteAddress: address });

    const racing = await Promise.all(Array.from({ length: 10 }, book));
    const acted = racing.filter((response) => response.statusCode === 201 && response.headers['idempotent-replayed'] === undefined);
    expect(acted).toHaveLength(1);
    const first = acted[0]!;
    // Each other one arrived while the first ran (409, as Stripe answers) or after it (the replay).
    for (const other of racing.filter((response) => response !== first)) {
      if (other.statusCode === 409) expect(other.json()).toEqual({ error: en.inProgress() });
      else expect([other.statusCode, other.headers['idempotent-replayed'], other.json()]).toEqual([201, 'true', first.json()]);
    }
    // The retry after a 502: the first answer again, marked, and nothing done twice.
    const retry = await book();
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.json()).toEqual(first.json());
    const booked = await t.services.db.selectFrom('appointments').select('id').where('slot_id', '=', slotId).execute();
    expect(booked).toEqual([{ id: first.json<{ appointmentId: string }>().appointmentId }]);
    expect(await mailsTo(booking.clientEmail)).toHaveLength(1);
    expect((await book()).statusCode).toBe(201);
    expect(await mailsTo(booking.clientEmail)).toHaveLength(1);
  });

  it('answers 422 in the caller\'s language when a key comes back with another body, and 400 for a malformed key', async () => {
    const key = randomUUID();
    const address = visitorAddress();
    const reset = (email: string, locale = 'en') =>
      call({ method: 'POST', url: '/api/request-password-reset', key, payload: { email }, remoteAddress: address, headers: { 'x-minda-locale': locale } });
    expect((await reset('someone@example.com')).statusCode).toBe(200);
    const other = await reset('someone-else@example.com');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ error: en.keyReused() });
    const inMalay = await reset('someone-else@example.com', 'ms');
    expect(inMalay.json()).toEqual({ error: ms.keyReused() });
    // The first request again is its answer again.
    const again = await reset('someone@example.com');
    expect(again.headers['idempotent-replayed']).toBe('true');

    const malformed = await call({ method: 'POST', url: '/api/request-password-reset', key: 'has spaces in it', payload: { email: 'a@example.com' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: en.invalidKey() });
    const tooLong = await call({ method: 'POST', url: '/api/request-password-reset', key: 'k'.repeat(256), payload: { email: 'a@example.com' } });
    expect(tooLong.statusCode).toBe(400);
  });

  it("keeps a visitor's keys their own: the same key from another address runs as a request of its own", async () => {
    const key = randomUUID();
    const payload = { email: 'shared-key@example.com' };
    const mine = await call({ method: 'POST', url: '/api/request-password-reset', key, payload });
    const theirs = await call({ method: 'POST', url: '/api/request-password-reset', key, payload });
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('confirms a request once and mails once for two confirmations racing with one key; a replay mails nothing', async () => {
    const operator = await signInNewOperator(t);
    const psychologistId = await insertPsychologist(t.services.db, operator.userId, { email: `p-${randomUUID().slice(0, 8)}@clinic.example` });
    const slotId = await insertSlot(t.services.db, psychologistId, hoursFromNow(30));
    const appointmentId = await bookSlot(t.services.db, { userId: operator.userId, psychologistId, slotId });
    const visitorEmail = `visitor-${randomUUID().slice(0, 8)}@example.com`;
    await t.services.db.updateTable('appointments').set({ client_email: visitorEmail }).where('id', '=', appointmentId).execute();
    const key = randomUUID();
    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/appointments/${appointmentId}/confirm`,
        headers: { cookie: operator.cookie, origin: t.services.env.publicUrl, 'sec-fetch-site': 'same-origin', 'idempotency-key': key },
      });
    const racing = await Promise.all([confirm(), confirm()]);
    const statuses = racing.map((response) => response.statusCode).sort();
    expect([[200, 200], [200, 409]]).toContainEqual(statuses);
    const answered = racing.find((response) => response.statusCode === 200 && response.headers['idempotent-replayed'] === undefined)!;
    expect(answered.json()).toMatchObject({ id: appointmentId, status: 'confirmed' });
    const replay = await confirm();
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(answered.json());
    // Once the clinic requires two-factor sign-in, which this member has not set up, a replay is
    // refused as the call would be, and then answers again when it is no longer required.
    await t.services.db.updateTable('users').set({ require_two_factor: 1 }).where('id', '=', operator.userId).execute();
    const held = await confirm();
    expect([held.statusCode, held.headers['idempotent-replayed']]).toEqual([403, undefined]);
    await t.services.db.updateTable('users').set({ require_two_factor: 0 }).where('id', '=', operator.userId).execute();
    expect((await confirm()).headers['idempotent-replayed']).toBe('true');
    const revision = await t.services.db.selectFrom('appointments').select('revision').where('id', '=', appointmentId).executeTakeFirstOrThrow();
    expect(Number(revision.revision)).toBe(1);
    expect(await mailsTo(visitorEmail)).toHaveLength(1);

    // The key on another call is another request.
    const reused = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${appointmentId}/complete`,
      headers: { cookie: operator.cookie, origin: t.services.env.publicUrl, 'sec-fetch-site': 'same-origin', 'idempotency-key': key },
    });
    expect(reused.statusCode).toBe(422);
  });

  it('lets a key go after 24 hours: then it names a new request', async () => {
    const key = randomUUID();
    const address = visitorAddress();
    const reset = (email: string) => call({ method: 'POST', url: '/api/request-password-reset', key, payload: { email }, remoteAddress: address });
    expect((await reset('first@example.com')).statusCode).toBe(200);
    const realNow = t.services.now;
    t.services.now = () => new Date(realNow().getTime() + 24 * 3_600_000 + 1_000);
    try {
      const next = await reset('second@example.com');
      expect([next.statusCode, next.headers['idempotent-replayed']]).toEqual([200, undefined]);
    } finally {
      t.services.now = realNow;
    }
  });

  it('lets a refused call go: its key runs anew, and a flood of refused keys leaves no rows behind', async () => {
    const address = visitorAddress();
    const before = (await keyRows()).length;
    // The per-address limit of reset requests (10 an hour) refuses the rest with 429.
    const flood = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call({ method: 'POST', url: '/api/request-password-reset', key: randomUUID(), payload: { email: `flood-${i}@example.com` }, remoteAddress: address }),
      ),
    );
    const statuses = flood.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(t.services.rateLimits.passwordResetPerIp.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - t.services.rateLimits.passwordResetPerIp.limit);
    expect((await keyRows()).length - before).toBe(t.services.rateLimits.passwordResetPerIp.limit);
    // A visitor elsewhere is not refused.
    expect((await call({ method: 'POST', url: '/api/request-password-reset', key: randomUUID(), payload: { email: 'real@example.com' } })).statusCode).toBe(200);
  });

  it('forgets keys after 24 hours, and an erased visitor leaves no stored answer about them', async () => {
    const screener = await insertBookableScreener(t.services.db);
    const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(50));
    const address = visitorAddress();
    const booking = await withProofOfWork(t, bookingRequest(screener, slotId), address);
    const booked = await call({ method: 'POST', url: '/api/public/appointments', key: randomUUID(), payload: booking, remoteAddress: address });
    const { appointmentId } = booked.json<{ appointmentId: string }>();
    const token = manageTokenOf(t.services.env, appointmentId);
    const confirmed = await call({ method: 'POST', url: `/api/public/appointments/manage/${token}/confirm-email`, key: randomUUID() });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const about = () => t.services.db.selectFrom('idempotency_keys').select('answer').where('appointment_id', '=', appointmentId).execute();
    const kept = await about();
    expect(kept).toHaveLength(2);
    // Sealed: neither the answer's time nor its psychologist is readable in the table.
    for (const row of kept) expect(row.answer).not.toContain('psychologistName');

    const eraseKey = randomUUID();
    const erase = () => call({ method: 'POST', url: `/api/public/appointments/manage/${token}/erase`, key: eraseKey });
    expect((await erase()).statusCode).toBe(200);
    // What is left about them is the erasure's own answer, which names no one, for its retry.
    expect(await about()).toHaveLength(1);
    const retried = await erase();
    expect([retried.statusCode, retried.headers['idempotent-replayed'], retried.json()]).toEqual([200, 'true', { ok: true }]);

    // The purge (hourly, server/main.ts) forgets every key whose 24 hours are up, and only those.
    const newest = Math.max(...(await keyRows()).map((row) => new Date(row.expires_at).getTime()));
    expect(await deleteExpiredIdempotencyKeys(t.services.db, new Date(newest - 1))).toBeGreaterThan(0);
    expect(await keyRows()).not.toEqual([]);
    await deleteExpiredIdempotencyKeys(t.services.db, new Date(newest));
    expect(await keyRows()).toEqual([]);
  });
});
