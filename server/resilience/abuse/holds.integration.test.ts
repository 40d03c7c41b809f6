import { addMinutes } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSlots } from '../../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../../db/testing/test-databases';
import { MAX_OPEN_HOLDS_PER_ADDRESS, MAX_OPEN_HOLDS_PER_EMAIL } from '../../../domain/appointment-status';
import { challengeCounterRange } from '../../../domain/booking-challenge-cost';
import { translationsFor } from '../../translations';
import { type BookableScreener, bookingRequest, hoursFromNow, insertBookableScreener, postBooking, proofOfWorkFor } from '../../testing/booking-requests';
import { startTestApp, type TestApp } from '../../testing/test-app';

/** The goal: from one address or one network, at most this many of a clinic's slots are held at once. */
const MOST_HELD_BY_ONE_CLIENT = 10;

describe.each(TEST_DIALECTS)('holds cannot close a clinic, on %s', (dialect) => {
  let t: TestApp;
  let hours = 48;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A clinic that asks visitors to confirm their e-mail, with `count` free slots. */
  async function clinicWithSlots(count: number) {
    const screener = await insertBookableScreener(t.services.db, {}, { confirmVisitorEmail: true });
    const slotIds = await insertSlots(t.services.db, screener.psychologistId, Array.from({ length: count }, () => hoursFromNow((hours += 1))));
    return { screener, slotIds };
  }
  const held = async (screener: BookableScreener) =>
    (await t.services.db.selectFrom('appointments').select('id').where('user_id', '=', screener.userId).where('status', '=', 'held').execute()).length;

  /** Every attempt at once, each on its own slot, from the addresses given in turn. */
  async function flood(screener: BookableScreener, slotIds: string[], addressOf: (attempt: number) => string) {
    return Promise.all(slotIds.map((slotId, attempt) => postBooking(t, bookingRequest(screener, slotId), addressOf(attempt))));
  }

  it(`lets one address hold at most ${MAX_OPEN_HOLDS_PER_ADDRESS} slots, and a visitor from elsewhere still books`, async () => {
    const { screener, slotIds } = await clinicWithSlots(21);
    const answers = await flood(screener, slotIds.slice(0, 20), () => '198.51.100.7');
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(MAX_OPEN_HOLDS_PER_ADDRESS);
    expect(answers.every((answer) => answer.status === 201 || answer.status === 429)).toBe(true);
    expect(await held(screener)).toBeLessThanOrEqual(MOST_HELD_BY_ONE_CLIENT);
    expect((await postBooking(t, bookingRequest(screener, slotIds[20]!))).status).toBe(201);
  });

  it('lets 50 addresses of one /24 hold at most 10 slots between them, and a visitor from elsewhere still books', async () => {
    const { screener, slotIds } = await clinicWithSlots(101);
    const answers = await flood(screener, slotIds.slice(0, 100), (attempt) => `203.0.113.${attempt % 50}`);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(MOST_HELD_BY_ONE_CLIENT);
    expect(answers.filter((answer) => answer.status === 429)[0]?.body).toEqual({ error: translationsFor('en').booking.tooManyOpenFromNetwork() });
    expect(await held(screener)).toBe(MOST_HELD_BY_ONE_CLIENT);
    expect((await postBooking(t, bookingRequest(screener, slotIds[100]!), '192.0.2.10')).status).toBe(201);
  });

  it('counts IPv6 addresses by their /48', async () => {
    const { screener, slotIds } = await clinicWithSlots(30);
    const answers = await flood(screener, slotIds, (attempt) => `2001:db8:aaaa:${attempt.toString(16)}::1`);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(MOST_HELD_BY_ONE_CLIENT);
  });

  it(`counts one mailbox however it is spelled (${MAX_OPEN_HOLDS_PER_EMAIL} open at most)`, async () => {
    const { screener, slotIds } = await clinicWithSlots(3);
    const spellings = ['Siti.Aminah+one@gmail.com', 'sitiaminah+two@googlemail.com', 'SITI.AMINAH@GMAIL.COM'];
    const answers = [];
    for (const [i, clientEmail] of spellings.entries()) {
      answers.push(await postBooking(t, bookingRequest(screener, slotIds[i]!, { clientEmail, clientLanguage: 'ms' })));
    }
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 429]);
    expect(answers[2]!.body).toEqual({ error: translationsFor('ms').booking.tooManyOpenForEmail() });
  });

  describe('the proof of work', () => {
    it('refuses a booking without one, in the visitor’s language', async () => {
      const { screener, slotIds } = await clinicWithSlots(1);
      for (const language of ['en', 'ms'] as const) {
        const refused = await postBooking(t, { ...bookingRequest(screener, slotIds[0]!, { clientLanguage: language }), proofOfWork: undefined });
        expect(refused.status).toBe(400);
        expect(refused.body.fields).toEqual({ proofOfWork: [translationsFor(language).errors.fields.proofOfWork()] });
      }
      expect(await held(screener)).toBe(0);
    });

    it('refuses a wrong solution, another screener’s challenge and an expired one', async () => {
      const { screener, slotIds } = await clinicWithSlots(1);
      const other = await insertBookableScreener(t.services.db);
      const proof = await proofOfWorkFor(t, screener.slug);
      // The derived key is the proof: only the right counter gives it.
      const guessedKey = proof.solution.derivedKey.replace(/.$/, (last) => (last === '0' ? '1' : '0'));
      const wrong = { ...proof, solution: { ...proof.solution, derivedKey: guessedKey } };
      const elsewhere = await proofOfWorkFor(t, other.slug);
      const request = bookingRequest(screener, slotIds[0]!, { clientLanguage: 'ms' });
      const refusal = { status: 400, body: { error: translationsFor('ms').booking.challengeFailed() } };
      expect(await postBooking(t, { ...request, proofOfWork: wrong })).toEqual(refusal);
      expect(await postBooking(t, { ...request, proofOfWork: elsewhere })).toEqual(refusal);
      t.services.now = () => addMinutes(new Date(), 31);
      try {
        expect(await postBooking(t, { ...request, proofOfWork: proof })).toEqual(refusal);
      } finally {
        t.services.now = () => new Date();
      }
      expect(await postBooking(t, { ...request, proofOfWork: proof })).toMatchObject({ status: 201 });
    });

    it('books once per solution, but lets a refused booking try again with it', async () => {
      const { screener, slotIds } = await clinicWithSlots(3);
      const proof = await proofOfWorkFor(t, screener.slug);
      const takenMeanwhile = await postBooking(t, bookingRequest(screener, slotIds[0]!));
      expect(takenMeanwhile.status).toBe(201);
      expect((await postBooking(t, { ...bookingRequest(screener, slotIds[0]!), proofOfWork: proof })).status).toBe(409);
      expect((await postBooking(t, { ...bookingRequest(screener, slotIds[1]!), proofOfWork: proof })).status).toBe(201);
      const replayed = await postBooking(t, { ...bookingRequest(screener, slotIds[2]!, { clientLanguage: 'ms' }), proofOfWork: proof });
      expect(replayed).toEqual({ status: 400, body: { error: translationsFor('ms').booking.challengeUsed() } });
    });
  });
});

describe.each(TEST_DIALECTS)('the booking challenge’s cost, on %s', (dialect) => {
  const QUIET_COST = 20;
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { env: { BOOKING_CHALLENGE_COST: String(QUIET_COST) } });
  });
  afterAll(() => t.close());

  it.each([
    ['holds', true],
    ['requests, at a clinic that asks no e-mail confirmation,', false],
  ])('rises with the clinic’s open %s', async (_, confirmVisitorEmail) => {
    const screener = await insertBookableScreener(t.services.db, {}, { confirmVisitorEmail });
    const slotIds = await insertSlots(t.services.db, screener.psychologistId, Array.from({ length: 30 }, (_, i) => hoursFromNow(48 + i)));
    const counterOfNextChallenge = async () => (await proofOfWorkFor(t, screener.slug)).solution.counter;
    const expectCostAt = async (openHolds: number) => {
      const { min, max } = challengeCounterRange(openHolds, QUIET_COST);
      const counter = await counterOfNextChallenge();
      expect(counter, `${openHolds} open holds`).toBeGreaterThanOrEqual(min);
      expect(counter, `${openHolds} open holds`).toBeLessThanOrEqual(max);
    };
    await expectCostAt(0);
    // Each from its own network, as a crowd of real visitors would.
    for (const slotId of slotIds.slice(0, 10)) expect((await postBooking(t, bookingRequest(screener, slotId))).status).toBe(201);
    await expectCostAt(10);
    for (const slotId of slotIds.slice(10, 30)) expect((await postBooking(t, bookingRequest(screener, slotId))).status).toBe(201);
    await expectCostAt(30);
    expect(challengeCounterRange(30, QUIET_COST).min).toBeGreaterThan(challengeCounterRange(0, QUIET_COST).max);
    if (!confirmVisitorEmail) {
      // Requests older than a hold's life wait on the clinic, not on a stranger: they raise nothing.
      await t.services.db.updateTable('appointments').set({ created_at: addMinutes(new Date(), -31) }).where('user_id', '=', screener.userId).execute();
      await expectCostAt(0);
    }
  });
});
