import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from '../server/testing/smtp-capture';
import { DEMO_OPERATOR } from '../db/seed-demo';
import { signIn } from './support/admin';
import { expectNoViolations } from './support/axe';
import { screenshot } from './support/browser';
import { chooseFreeTime } from './support/booking-steps';
import { answerDass21, consent, DASS_LABELS, waitForDassQuestion } from './support/screener-steps';
import { useBrowserSessionWithMail } from './support/mail';

const SHARING = 'Share my screening results with Klinik Minda so that the psychologist can prepare';

describe('results a visitor shares with the clinic when they book', () => {
  const { session, mailsTo } = useBrowserSessionWithMail({ bypassCSP: true });

  /** A DASS-21 screening with item 21 at `item21`, then the booking dialog of the demo psychologist. */
  async function screenAndOpenBooking(page: Page, item21: 0 | 2) {
    await session.visit('/screener/klinik-minda');
    await consent(page, '16 or older');
    await answerDass21(page, (id) => (id <= 7 ? 2 : 0), 1, 20);
    await waitForDassQuestion(page, 21);
    await page.getByRole('button', { name: DASS_LABELS[item21] }).click();
    await page.getByRole('heading', { name: 'Your Results' }).waitFor();
    if (item21 > 0) await page.getByRole('alert').filter({ hasText: 'You are not alone' }).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('region', { name: 'Book an Appointment' }).getByRole('button', { name: 'Book a session with Dr. Aisyah Rahman' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dr. Aisyah Rahman' });
    await chooseFreeTime(dialog, 'last');
    return dialog;
  }

  async function fillAndConfirm(page: Page, dialog: ReturnType<Page['getByRole']>, visitor: { name: string; email: string }) {
    await dialog.getByLabel('Full name').fill(visitor.name);
    await dialog.getByLabel('Email').fill(visitor.email);
    await dialog.getByLabel('Phone number').fill('012-345 6789');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('dialog', { name: 'Booking Received!' }).waitFor();
  }

  /** The dialog's reading: the depression row's score and band, the date, 21 answers under three scales, the crisis item marked. */
  async function expectClinicianView(
    results: Locator,
    words: { depression: string; scoreRow: [string, string]; screenedOn: string; crisisItem: string; crisisMark: string; crisisAnswer: string },
  ) {
    const row = results.getByRole('row').filter({ has: results.page().getByRole('cell', { name: words.depression, exact: true }) });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([words.depression, ...words.scoreRow]);
    await results.getByText(words.screenedOn, { exact: false }).waitFor();
    const answers = results.getByRole('region', { name: new RegExp(`: ${words.depression}$`) });
    expect(await results.getByRole('region').getByRole('listitem').count()).toBe(21);
    const crisis = answers.getByRole('listitem').filter({ hasText: words.crisisItem });
    expect(await crisis.textContent()).toContain(words.crisisMark);
    expect(await crisis.textContent()).toContain(words.crisisAnswer);
  }

  /** The open dialog at a phone's and a laptop's width, each saved and checked by axe. */
  async function atBothWidths(page: Page, name: string) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `${name}-${width}`);
      await expectNoViolations(page, `${name} at ${width} px`);
    }
  }

  async function openInbox(page: Page) {
    await signIn(session);
    await session.visit('/admin/appointments');
    return page.getByRole('region', { name: 'Appointments' });
  }

  it('attaches the results of a visitor who shares them: the clinic sees the flag and the results, the e-mail says so without them, and the view is audited', async () => {
    const { page } = session;
    const dialog = await screenAndOpenBooking(page, 2);
    const share = dialog.getByRole('checkbox', { name: SHARING });
    expect(await share.isChecked()).toBe(false);
    await dialog.getByText('What is shared: your scores and levels', { exact: false }).waitFor();
    await dialog.getByText('are kept until 180 days after your appointment', { exact: false }).waitFor();
    await share.check();
    await screenshot(page, 'booking-share-results');
    await expectNoViolations(page, 'sharing the results');
    await fillAndConfirm(page, dialog, { name: 'Aina Sharif', email: 'aina@example.my' });

    // The clinic's mail flags the booking and points to the inbox, and carries no result.
    await expect.poll(() => mailsTo('demo@minda.example').length, { timeout: 20_000 }).toBe(1);
    const clinicMail = decodeQuotedPrintable(mailsTo('demo@minda.example')[0]!.raw);
    expect(clinicMail).toContain('Contact promptly');
    expect(clinicMail).not.toMatch(/extremely severe|severe|moderate/i);

    const inbox = await openInbox(page);
    const row = inbox.getByRole('listitem').filter({ hasText: 'Aina Sharif' });
    await row.getByText('Contact promptly').waitFor();
    await row.getByRole('button', { name: 'View results: the screening results Aina Sharif shared' }).click();
    const results = page.getByRole('dialog', { name: 'Screening results shared by Aina Sharif' });
    await results.getByText('The visitor answered the crisis item: contact them promptly.').waitFor();
    await results.getByRole('cell', { name: 'Depression' }).waitFor();
    await results.getByText('Sharing the screening results', { exact: false }).waitFor();
    // What a clinician reads: each score out of its maximum with its band, the date, every answer, the crisis item in words.
    await expectClinicianView(results, {
      depression: 'Depression',
      scoreRow: ['12 / 42', 'Mild'],
      screenedOn: 'Screening taken on ',
      crisisItem: 'I felt that life was meaningless',
      crisisMark: 'Crisis item, answered at the level that needs prompt contact',
      crisisAnswer: DASS_LABELS[2],
    });
    await atBothWidths(page, 'inbox-shared-results');
    await results.getByRole('button', { name: 'Close' }).click();

    await session.visit('/admin/audit-log');
    const audit = page.getByRole('region', { name: 'Audit log' });
    // The owner's own look is named by their username.
    const viewed = audit.getByRole('row').filter({ hasText: 'Viewed shared results' });
    expect(await viewed.first().textContent()).toContain(DEMO_OPERATOR.username);

    // The same view in Malay, for a Malay-speaking clinician.
    await session.visit('/ms/admin-setup');
    await page.getByRole('button', { name: 'Lihat keputusan saringan yang dikongsi oleh Aina Sharif' }).click();
    const inMalay = page.getByRole('dialog', { name: 'Keputusan saringan yang dikongsi oleh Aina Sharif' });
    await expectClinicianView(inMalay, {
      depression: 'Kemurungan',
      scoreRow: ['12 / 42', 'Ringan'],
      screenedOn: 'Saringan diambil pada ',
      crisisItem: 'Saya rasa hidup ini tidak bermakna',
      crisisMark: 'Item krisis, dijawab pada tahap yang memerlukan hubungan segera',
      crisisAnswer: 'Banyak atau kerap kali menggambarkan keadaan saya',
    });
    await atBothWidths(page, 'inbox-shared-results-ms');
  });

  it('shares nothing of a visitor who does not tick the choice: the clinic sees no results', async () => {
    const { page } = session;
    const dialog = await screenAndOpenBooking(page, 0);
    await fillAndConfirm(page, dialog, { name: 'Badrul Amin', email: 'badrul@example.my' });
    const inbox = await openInbox(page);
    const row = inbox.getByRole('listitem').filter({ hasText: 'Badrul Amin' });
    await row.waitFor();
    expect(await row.getByRole('button', { name: /View results/ }).count()).toBe(0);
    expect(await row.getByText('Contact promptly').count()).toBe(0);
  });
});
