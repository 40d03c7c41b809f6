import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/connect';
import { DEMO_SLUG } from '../db/seed-demo';
import { insertOperator } from '../db/testing/fixtures';
import { TEST_DIALECTS } from '../db/testing/test-databases';
import { DASS21_QUESTIONS } from '../domain/dass21';
import { signIn } from './support/admin';
import { expectNoViolations } from './support/axe';
import { screenshot } from './support/browser';
import { answerDass21, consent } from './support/screener-steps';
import { useBrowserSessionOn } from './support/dialect-session';

// The visitor's printable copy of their results, and the clinic's own crisis contact beside the
// national lines (docs/decisions/0024). The PDF is read with poppler-utils (.ci/run installs it).

const CLINIC = 'klinik-setia';
const CONTACT = { name: 'Klinik Setia duty psychologist', phone: '03-2345 6789', whatsApp: '012-345 6789' };

/** Prints the page to an A4 PDF as Chromium does, and reads back its page count and text. */
async function printToPdf(page: Page): Promise<{ pages: number; text: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'minda-pdf-'));
  try {
    const file = join(dir, 'results.pdf');
    writeFileSync(file, await page.pdf({ format: 'A4', preferCSSPageSize: true }));
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    return { pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]), text: text.replace(/\s+/g, ' ') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every request the page sends from now on, so a test can say that nothing left the browser. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

const longDate = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date());

describe.each(TEST_DIALECTS)('printable results and the clinic’s crisis contact on %s', (dialect) => {
  const session = useBrowserSessionOn(dialect);

  beforeAll(async () => {
    // A clinic with no psychologists yet (so its booking panel shows the crisis lines) and its own contact.
    const { db } = connectDatabase(session.server.databaseUrl);
    const { configurationId } = await insertOperator(db, { companySlug: CLINIC, companyName: 'Klinik Setia' });
    await db
      .updateTable('screener_configurations')
      .set({
        test_type: 'DASS-21',
        crisis_contact_name: CONTACT.name,
        crisis_contact_phone: CONTACT.phone,
        crisis_contact_whatsapp: CONTACT.whatsApp,
      })
      .where('id', '=', configurationId)
      .execute();
    await db.destroy();
  });

  it('shows the clinic’s contact in the crisis notice and the empty booking panel, and prints the results on two pages at most', async () => {
    const { page } = session;
    await session.visit(`/screener/${CLINIC}`);
    await consent(page, '18 or older');
    // Depression items 2 (item 21 too, which raises the notice), anxiety items 1, stress items 0.
    const category = (id: number) => DASS21_QUESTIONS[id - 1]!.category;
    await answerDass21(page, (id) => (category(id) === 'depression' ? 2 : category(id) === 'anxiety' ? 1 : 0));

    const notice = page.getByRole('alert').filter({ hasText: 'You are not alone' });
    await notice.waitFor();
    const noticeText = (await notice.textContent())!;
    expect(noticeText).toContain(`${CONTACT.name}: ${CONTACT.phone}`);
    expect(noticeText).toContain('This clinic’s own contact. For an emergency, call 999.');
    // Beside the national lines: after them, which stay first.
    expect(noticeText.indexOf('Befrienders Kuala Lumpur')).toBeLessThan(noticeText.indexOf(CONTACT.name));
    expect(await notice.getByRole('link', { name: CONTACT.phone }).getAttribute('href')).toBe('tel:+60323456789');
    expect(await notice.getByRole('link', { name: `WhatsApp: ${CONTACT.whatsApp}` }).getAttribute('href')).toBe('https://wa.me/60123456789');
    await screenshot(page, `clinic-crisis-contact-${dialect}`);

    await page.getByRole('heading', { name: 'Your Results' }).waitFor();
    const booking = page.getByRole('region', { name: 'Book an Appointment' });
    await booking.getByText(`${CONTACT.name}: ${CONTACT.phone}`).waitFor();
    // The insights are in the copy when they have arrived: wait for the built-in writer's.
    await page.getByRole('region', { name: 'Personalised Insights' }).getByText('Over the past week, your scores were').waitFor();

    const requests = recordRequests(page);
    const resultsUrl = page.url();
    // The tab keeps the screening itself (docs/screener.md: "Progress that survives reload and back").
    const storage = () => page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }));
    const storedBefore = await storage();
    await page.getByRole('button', { name: 'Save or print my results' }).click();
    const copy = page.getByRole('article', { name: 'My screening results' });
    await copy.waitFor();
    expect(await copy.textContent()).toContain(`Date: ${longDate('en-MY')}`);
    await screenshot(page, `printable-results-${dialect}`);
    await expectNoViolations(page, `printable results (${dialect})`);

    // The Print button hands the page to the browser's print dialog.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void (window as unknown as { printed: number }).printed++;
    });
    await page.getByRole('button', { name: 'Print or save as PDF' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    const pdf = await printToPdf(page);
    expect(pdf.pages).toBeGreaterThanOrEqual(1);
    expect(pdf.pages).toBeLessThanOrEqual(2);
    for (const expected of [
      'My screening results',
      `Date: ${longDate('en-MY')}`,
      'Depression 28 out of 42 Extremely Severe',
      'Anxiety 14 out of 42 Moderate',
      'Stress 0 out of 42 Normal',
      'What This Means',
      'Personalised Insights',
      'Priority professional support',
      'Talian HEAL: 15555',
      'Befrienders Kuala Lumpur: 03-7627 2929',
      `${CONTACT.name}: ${CONTACT.phone}`,
    ]) {
      expect(pdf.text, expected).toContain(expected);
    }
    // The screen's buttons, the booking panel, the crisis notice and the footer stay off the paper.
    // Samaritans UK, reachable only from the UK and Ireland, left the lines (issue 26).
    for (const absent of ['Print or save as PDF', 'Back to my results', 'Book an Appointment', 'You are not alone', 'All rights reserved', 'Samaritans']) {
      expect(pdf.text, absent).not.toContain(absent);
    }

    // Made in the browser: no request, no change of address, nothing more kept in storage.
    expect(requests.filter((url) => url.includes('/api/') || url.includes('/trpc/'))).toEqual([]);
    expect(page.url()).toBe(resultsUrl);
    expect(await storage()).toBe(storedBefore);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    await page.getByRole('button', { name: 'Back to my results' }).click();
    await page.getByRole('heading', { name: 'Your Results' }).waitFor();
  });

  it('makes the copy in Malay for a Malay visitor', async () => {
    const { page } = session;
    await session.visit(`/ms/screener/${CLINIC}`);
    await consent(page, '18 tahun ke atas', 'Saya faham dan bersetuju untuk meneruskan');
    for (let position = 1; position <= 21; position++) {
      await page.getByText(`${position} daripada 21`, { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Tidak langsung menggambarkan keadaan saya' }).click();
    }
    await page.getByRole('button', { name: 'Simpan atau cetak keputusan saya' }).click();
    await page.getByRole('article', { name: 'Keputusan saringan saya' }).waitFor();

    const pdf = await printToPdf(page);
    expect(pdf.pages).toBeLessThanOrEqual(2);
    for (const expected of ['Keputusan saringan saya', `Tarikh: ${longDate('ms-MY')}`, 'Talian HEAL: 15555', `${CONTACT.name}: ${CONTACT.phone}`]) {
      expect(pdf.text, expected).toContain(expected);
    }
    expect(pdf.text).toContain('Kemurungan 0 daripada 42 Normal');
  });

  it('lets an operator add the contact in the admin, refusing a number that is not Malaysian', async () => {
    const { page } = session;
    await signIn(session);
    await session.visit('/admin/screener');
    const section = page.getByRole('region', { name: 'Your Crisis Contact' });
    await section.getByLabel('Name shown to visitors').fill('Klinik Minda on-call psychologist');
    await section.getByLabel('Phone number').fill('+65 9123 4567');
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await section.getByText('Please enter a valid Malaysian phone number').waitFor();
    await section.getByLabel('Phone number').fill('03-7627 2929');
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await page.locator('.toast').filter({ hasText: 'Your configuration has been saved successfully.' }).waitFor();

    await session.visit(`/screener/${DEMO_SLUG}`);
    await consent(page, '16 or older');
    await answerDass21(page, (id) => (id === 21 ? 2 : 0));
    const notice = page.getByRole('alert').filter({ hasText: 'You are not alone' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Klinik Minda on-call psychologist: 03-7627 2929');
  });
});

