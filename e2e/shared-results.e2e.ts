import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from '../server/testing/smtp-capture';
import { signIn } from './support/admin';
import { seriousAccessibilityViolations } from './support/axe';
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
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
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
    await screenshot(page, 'inbox-shared-results');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await results.getByRole('button', { name: 'Close' }).click();

    await session.visit('/admin/audit-log');
    const audit = page.getByRole('region', { name: 'Audit log' });
    await audit.getByText('Viewed shared results').waitFor();
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
