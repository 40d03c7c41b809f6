import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../db/testing/test-databases';
import { visitorAddress } from '../../testing/booking-requests';
import { newScreeningId } from '../../testing/screenings';
import { signInNewOperator } from '../../testing/signed-in-operator';
import { startTestApp, type TestApp } from '../../testing/test-app';

/** An hour into a UTC day, so the daily window does not turn during the test. */
const NOW = new Date(Date.UTC(2026, 10, 25, 1, 0, 0));
const STARTED = { kind: 'started', testType: 'Combined' };
const CONSENTED = { kind: 'consented', testType: 'Combined' };
const CRISIS = { kind: 'crisisShown', testType: 'Combined' };
const COMPLETED = { kind: 'completed', testType: 'Combined', levels: { whooley: 'positive', phq9: 'moderate', gad7: 'mild' } };

/** Issue 24: a script cannot inflate a clinic's anonymous counts from one address, one screening or one call. */
describe.each(TEST_DIALECTS)('anonymous counts under a flood on %s', (dialect) => {
  let t: TestApp;
  let screener = '';
  beforeAll(async () => {
    t = await startTestApp(dialect);
    t.services.now = () => NOW;
    screener = (await signInNewOperator(t)).configurationId;
  });
  afterAll(() => t.close());

  const post = (body: { screening: string; events: object[] }, remoteAddress = visitorAddress(), language = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/events',
      payload: { screener, ...body },
      remoteAddress,
      headers: { origin: t.services.env.publicUrl, 'accept-language': language },
    });

  async function counts(): Promise<Record<string, number>> {
    const rows = await t.services.db.selectFrom('screener_event_counters').select(['event', 'count']).where('configuration_id', '=', screener).execute();
    return Object.fromEntries(rows.map((row) => [row.event, Number(row.count)]));
  }

  it('counts each step once per screening: copies in one call or in later calls are refused', async () => {
    const before = await counts();
    const fourCopies = await post({ screening: newScreeningId(), events: [STARTED, STARTED, STARTED, STARTED] });
    expect(fourCopies.statusCode).toBe(409);
    expect(fourCopies.json()).toEqual({ error: 'This screening has already counted that step: each step counts once per screening.' });

    const screening = newScreeningId();
    const address = visitorAddress();
    for (const events of [[STARTED], [CONSENTED], [CRISIS], [COMPLETED]]) expect((await post({ screening, events }, address)).statusCode).toBe(202);
    for (const events of [[STARTED], [CONSENTED], [CRISIS], [COMPLETED], [CRISIS, CRISIS]]) {
      expect((await post({ screening, events }, address)).statusCode, JSON.stringify(events)).toBe(409);
    }
    // The same ten calls at once: one of each step counts, whatever the order they land in.
    const racing = newScreeningId();
    await post({ screening: racing, events: [STARTED] });
    const answers = await Promise.all(Array.from({ length: 10 }, () => post({ screening: racing, events: [CONSENTED] })));
    expect(answers.filter((answer) => answer.statusCode === 202)).toHaveLength(1);

    const after = await counts();
    const added = (key: string) => (after[key] ?? 0) - (before[key] ?? 0);
    expect([added('started:Combined'), added('consented:Combined'), added('crisisShown:Combined'), added('completed:Combined')]).toEqual([2, 2, 1, 1]);
  });

  it('refuses steps the flow cannot make, in the caller’s language, and counts none of them', async () => {
    const before = await counts();
    const impossible = [[COMPLETED], [CONSENTED], [CRISIS], [CONSENTED, STARTED], [STARTED, COMPLETED]];
    for (const events of impossible) {
      const answer = await post({ screening: newScreeningId(), events });
      expect(answer.statusCode, JSON.stringify(events)).toBe(409);
      expect(answer.json()).toEqual({
        error: 'That step cannot be counted yet: a screening counts its start, then the consent, before its crisis notice or its results.',
      });
    }
    const inMalay = await post({ screening: newScreeningId(), events: [COMPLETED] }, visitorAddress(), 'ms');
    expect(inMalay.json()).toEqual({
      error: 'Langkah itu belum boleh dikira: saringan mengira permulaannya, kemudian persetujuan, sebelum notis krisis atau keputusannya.',
    });
    // A call without the screening's id cannot be counted at all.
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/public/events', payload: { screener, events: [STARTED] }, headers: { origin: t.services.env.publicUrl } });
    expect(anonymous.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('caps one address at 200 calls a day, however its calls are spread over the day', async () => {
    const before = (await counts())['started:Combined'] ?? 0;
    const address = visitorAddress();
    const statuses: number[] = [];
    // 250 screenings started, 50 every 10 minutes: each batch within the 10-minute limit (60).
    for (let batch = 0; batch < 5; batch++) {
      t.services.now = () => new Date(NOW.getTime() + batch * 10 * 60_000);
      for (let i = 0; i < 50; i++) statuses.push((await post({ screening: newScreeningId(), events: [STARTED] }, address)).statusCode);
    }
    expect(statuses.filter((status) => status === 202)).toHaveLength(200);
    expect(statuses.slice(200)).toEqual(Array(50).fill(429));
    // Another address is not held back.
    expect((await post({ screening: newScreeningId(), events: [STARTED] })).statusCode).toBe(202);
    expect((await counts())['started:Combined']).toBe(before + 201);
    t.services.now = () => NOW;
  });
});
