import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_CONSENT_TEXTS } from '../domain/configuration';
import { up } from './migrations/2026-11-26T0500-stock-privacy-text';
import { insertOperator } from './testing/fixtures';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from './testing/test-databases';

const FORMER_STOCK =
  'Your answers are anonymous: no name or login is needed to take the screener\nYour answers are used only to prepare your results and wellbeing tips\nContact details are asked for only if you choose to book an appointment';

describe.each(TEST_DIALECTS)('the stock privacy text migration on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(() => t.drop());

  it('gives screeners with the former stock words the current ones, and leaves a clinic’s own words alone', async () => {
    const stock = await insertOperator(t.db);
    const own = await insertOperator(t.db);
    const setPrivacy = (id: string, text: string) =>
      t.db.updateTable('screener_configurations').set({ privacy_section_content: text }).where('id', '=', id).execute();
    await setPrivacy(stock.configurationId, FORMER_STOCK);
    await setPrivacy(own.configurationId, 'Our own privacy words');

    await up(t.db);

    const privacyOf = async (id: string) =>
      (await t.db.selectFrom('screener_configurations').select('privacy_section_content').where('id', '=', id).executeTakeFirstOrThrow())
        .privacy_section_content;
    expect(await privacyOf(stock.configurationId)).toBe(STOCK_CONSENT_TEXTS.privacySectionContent);
    expect(await privacyOf(own.configurationId)).toBe('Our own privacy words');
  });
});
