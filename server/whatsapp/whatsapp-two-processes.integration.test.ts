import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueWhatsapp, type OutboxWhatsapp } from '../../db/repositories/whatsapp-outbox';
import { insertOperator } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { type FakeWhatsapp, startFakeWhatsapp } from '../testing/fake-whatsapp';
import { type ServerPair, startServerPair } from '../testing/server-pair';
import { spawnServer } from '../testing/spawn-server';

const MESSAGES = 40;

// Issue 29: each message leaves once, whatever the number of processes, and across a restart.
describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'mysql'))('the WhatsApp outbox of two server processes sharing one %s database', (dialect) => {
  let fake: FakeWhatsapp;
  let pair: ServerPair;
  beforeAll(async () => {
    fake = await startFakeWhatsapp();
    pair = await startServerPair(dialect, fake.env as Record<string, string>);
  });
  afterAll(async () => {
    await pair?.stop();
    await fake?.close();
  });

  it('sends each queued message once while both workers run, one of them restarted half-way', async () => {
    const clinic = await insertOperator(pair.database.db);
    const recipients = Array.from({ length: MESSAGES }, (_, i) => `+6012345${String(i).padStart(4, '0')}`);
    const messages: OutboxWhatsapp[] = recipients.map((to) => ({
      kind: 'crisis_alert',
      userId: clinic.userId,
      appointmentId: null,
      to,
      sender: fake.env.WHATSAPP_PHONE_NUMBER_ID!,
      body: { type: 'template', name: 'minda_crisis_alert', language: 'en', parameters: ['Klinik Dua Proses', 'https://minda.test/admin/appointments'] },
    }));
    // Half now; the rest once one process has been stopped and a new one started in its place.
    await enqueueWhatsapp(pair.database.db, messages.slice(0, MESSAGES / 2), new Date());
    const [, leaving] = pair.servers;
    await leaving.stop();
    const replacement = await spawnServer({ ...pair.env });
    try {
      await enqueueWhatsapp(pair.database.db, messages.slice(MESSAGES / 2), new Date());
      const sentTo = () => fake.messages.map((message) => `+${message.to}`);
      await expect.poll(() => new Set(sentTo()).size, { timeout: 30_000 }).toBe(MESSAGES);
      // Both workers poll every 2 s: after another round of each, still nothing went out twice.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(sentTo().sort()).toEqual([...recipients].sort());
      const rows = await pair.database.db.selectFrom('whatsapp_outbox').select('status').where('user_id', '=', clinic.userId).execute();
      expect(rows.map((row) => row.status)).toEqual(Array(MESSAGES).fill('sent'));
    } finally {
      await replacement.stop();
    }
  });
});
