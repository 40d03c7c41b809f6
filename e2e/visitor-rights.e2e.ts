import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from '../server/testing/smtp-capture';
import { screenshot } from './support/browser';
import { chooseFreeTime } from './support/booking-steps';
import { completeDass21Quickly } from './support/screener-steps';
import { useBrowserSessionWithMail } from './support/mail';

const VISITOR = { name: 'Nurul Huda binti Kamal', email: 'nurul.huda.kamal@example.my', phone: '012-765 4321' };

describe("the visitor's rights from their private link", () => {
  const { session, mailsTo } = useBrowserSessionWithMail();

  it('a visitor downloads and then erases their data; the clinic is told without their name and sees the erasure in its audit log', async () => {
    const { page } = session;
    await session.visit('/screener/klinik-minda');
    await completeDass21Quickly(page);
    await page.getByRole('region', { name: 'Book an Appointment' }).getByRole('button', { name: 'Book a session with Dr. Aisyah Rahman' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dr. Aisyah Rahman' });
    await chooseFreeTime(dialog, 'last');
    await dialog.getByLabel('Full name').fill(VISITOR.name);
    await dialog.getByLabel('Email').fill(VISITOR.email);
    await dialog.getByLabel('Phone number').fill(VISITOR.phone);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('dialog', { name: 'Booking Received!' }).waitFor();

    await expect.poll(() => mailsTo(VISITOR.email).length, { timeout: 20_000 }).toBe(1);
    const link = /https?:\/\/[^\s"<]+\/appointments\/manage\/[\w-]+/.exec(decodeQuotedPrintable(mailsTo(VISITOR.email)[0]!.raw))![0];
    await page.goto(link);
    const manage = page.getByRole('region', { name: 'Your appointment' });
    await manage.getByText('With Dr. Aisyah Rahman').waitFor();

    // Download: everything held about them, as JSON.
    const [download] = await Promise.all([page.waitForEvent('download'), manage.getByRole('button', { name: 'Download my data (JSON)' }).click()]);
    expect(download.suggestedFilename()).toBe('my-appointment-data.json');
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as Record<string, unknown>;
    expect(data).toMatchObject({
      appointment: { status: 'requested', psychologistName: 'Dr. Aisyah Rahman' },
      contact: { clientName: VISITOR.name, clientEmail: VISITOR.email, clientPhone: '+60127654321' },
      statusHistory: [{ actor: 'visitor', from: null, to: 'requested' }],
    });

    // Erase, with a confirm step that can be stepped back from.
    await manage.getByRole('button', { name: 'Erase my data' }).click();
    await manage.getByRole('button', { name: 'No, keep it' }).click();
    await manage.getByRole('button', { name: 'Erase my data' }).click();
    await manage.getByText('An appointment still ahead is cancelled first.', { exact: false }).waitFor();
    await screenshot(page, 'visitor-erase-confirm');
    await manage.getByRole('button', { name: 'Yes, erase my data' }).click();
    await manage.getByText('Your personal data has been erased.', { exact: false }).waitFor();
    await screenshot(page, 'visitor-erased');
    await page.reload();
    await manage.getByText('This link is not valid.', { exact: false }).waitFor();

    // The clinic hears of the cancellation, without the visitor's name or contacts.
    const notice = () => mailsTo('demo@minda.example').map((m) => decodeQuotedPrintable(m.raw)).find((text) => text.includes('erased their personal data'));
    await expect.poll(notice, { timeout: 20_000 }).toBeDefined();
    for (const personal of [VISITOR.name, 'Nurul', VISITOR.email, '7654321']) expect(notice(), personal).not.toContain(personal);

    await session.visit('/login');
    await page.getByLabel('Username').fill('demo');
    await page.getByLabel('Password').fill('minda-demo');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin-setup');
    const audit = page.getByRole('region', { name: 'Audit log' });
    await audit.getByRole('cell', { name: 'The visitor erased their data' }).waitFor();
    await page.getByRole('region', { name: 'Appointments' }).getByText('Visitor’s personal data erased', { exact: false }).first().waitFor();
    expect(await page.getByText(VISITOR.name).count()).toBe(0);
    await screenshot(page, 'audit-log-erasure');
  });
});
