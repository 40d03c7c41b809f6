import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from '../server/testing/smtp-capture';
import { screenshot } from './support/browser';
import { chooseFreeTime } from './support/booking-steps';
import { resultsReachedOnce } from './support/screener-steps';
import { calendarAttachmentOf, useBrowserSessionWithMail } from './support/mail';
import { expectNoViolations } from './support/axe';
import type { Page } from 'playwright-core';
import { connectDatabase } from '../db/connect';
import { demoAisyah, openAdminSetup, signIn } from './support/admin';

const VISITOR = { name: 'Nurul Huda binti Kamal', email: 'nurul.huda.kamal@example.my', phone: '012-765 4321' };
const LEFT_BEHIND = { name: 'Tan Mei Ling', email: 'tan.meiling@example.my', phone: '013-222 3344' };

/** Sets the cancellation notice Dr. Aisyah Rahman asks, in hours, and gives the demo clinic a published contact. */
async function setAisyahNotice(databaseUrl: string, hours: number) {
  const { db } = connectDatabase(databaseUrl);
  const aisyah = await demoAisyah(db);
  await db.updateTable('psychologists').set({ cancellation_notice_hours: hours }).where('id', '=', aisyah.id).execute();
  await db.updateTable('screener_configurations').set({ crisis_contact_name: 'Klinik Minda', crisis_contact_phone: '03-2000 0000' }).where('user_id', '=', aisyah.user_id).execute();
  await db.destroy();
}

/** Books the demo clinic's Dr. Aisyah Rahman through the screener, and answers the private link of the first mail. */
async function bookDemoClinic(page: Page, openResults: () => Promise<void>, visitor: typeof VISITOR, mailsTo: (address: string) => { raw: string }[]) {
  await openResults();
  await page.getByRole('region', { name: 'Book an Appointment' }).getByRole('button', { name: 'Book a session with Dr. Aisyah Rahman' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dr. Aisyah Rahman' });
  await chooseFreeTime(dialog, 'last');
  await dialog.getByLabel('Full name').fill(visitor.name);
  await dialog.getByLabel('Email').fill(visitor.email);
  await dialog.getByLabel('Phone number').fill(visitor.phone);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('dialog', { name: 'Booking Received!' }).waitFor();
  await expect.poll(() => mailsTo(visitor.email).length, { timeout: 20_000 }).toBe(1);
  return /https?:\/\/[^\s"<]+\/appointments\/manage\/[\w-]+/.exec(decodeQuotedPrintable(mailsTo(visitor.email)[0]!.raw))![0];
}

describe("the visitor's rights from their private link", () => {
  // axe is injected as a script, which the CSP would refuse.
  const { session, mailsTo } = useBrowserSessionWithMail({ bypassCSP: true });
  const openResults = resultsReachedOnce();
  const openDemoResults = () => openResults(session.page, `${session.server.url}/screener/klinik-minda`);

  it('a visitor downloads and then erases their data; the clinic is told without their name and sees the erasure in its audit log', async () => {
    const { page } = session;
    const link = await bookDemoClinic(page, openDemoResults, VISITOR, mailsTo);
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

    // Inside the cancellation notice the erasure waits: the page shows how to reach the clinic instead.
    await setAisyahNotice(session.server.databaseUrl, 24 * 60);
    await page.reload();
    const contacts = page.getByRole('region', { name: 'How to reach Klinik Minda' });
    await contacts.getByRole('link', { name: '03-2000 0000' }).waitFor();
    await manage.getByText('It is too close to the appointment to erase your data here', { exact: false }).waitFor();
    expect(await manage.getByRole('button', { name: 'Erase my data' }).count()).toBe(0);
    await expectNoViolations(page, 'manage page inside the notice');
    await screenshot(page, 'visitor-erase-inside-notice');
    await setAisyahNotice(session.server.databaseUrl, 24);
    await page.reload();

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
    await manage.getByText('You erased this booking’s data.', { exact: false }).waitFor();
    await expectNoViolations(page, 'manage page after the erasure');

    // The clinic hears of the cancellation, without the visitor's name or contacts.
    const notice = () => mailsTo('demo@minda.example').map((m) => decodeQuotedPrintable(m.raw)).find((text) => text.includes('erased their personal data'));
    await expect.poll(notice, { timeout: 20_000 }).toBeDefined();
    for (const personal of [VISITOR.name, 'Nurul', VISITOR.email, '7654321']) expect(notice(), personal).not.toContain(personal);

    await signIn(session);
    await openAdminSetup(session, '/admin/audit-log');
    const audit = page.getByRole('region', { name: 'Audit log' });
    await audit.getByRole('cell', { name: 'The visitor erased their data' }).waitFor();
    await openAdminSetup(session, '/admin/appointments');
    await page.getByRole('region', { name: 'Appointments' }).getByText('Visitor’s personal data erased', { exact: false }).first().waitFor();
    expect(await page.getByText(VISITOR.name).count()).toBe(0);
    await screenshot(page, 'audit-log-erasure');
  });

  it('the clinic closes its account: the owner sees the appointment ahead and confirms with the password; the visitor is mailed a cancellation and their link says what happened, in both languages', async () => {
    const { page } = session;
    const link = await bookDemoClinic(page, openDemoResults, LEFT_BEHIND, mailsTo);

    await signIn(session);
    await openAdminSetup(session, '/admin/account');
    await page.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the account and all its data?' });
    await dialog.getByText('These upcoming appointments will be cancelled.', { exact: false }).waitFor();
    expect(await dialog.getByRole('listitem').filter({ hasText: 'Dr. Aisyah Rahman' }).count()).toBeGreaterThan(0);
    expect(await dialog.getByText(LEFT_BEHIND.name).count()).toBe(0);
    const remove = dialog.getByRole('button', { name: 'Delete everything' });
    await dialog.getByLabel('Password').fill('minda-demo');
    expect(await remove.isDisabled()).toBe(true);
    await dialog.getByLabel('I understand that these appointments will be cancelled').check();
    await expectNoViolations(page, 'delete account dialog with appointments ahead');
    await screenshot(page, 'delete-account-upcoming');
    await remove.click();
    await page.waitForURL((url) => url.pathname === '/');

    // The visitor hears of it in a mail that removes the entry from their calendar and names whom to call.
    const farewell = () => mailsTo(LEFT_BEHIND.email).find((mail) => decodeQuotedPrintable(mail.raw).includes('has closed its account'));
    await expect.poll(farewell, { timeout: 20_000 }).toBeDefined();
    for (const line of ['demo@minda.example', 'Talian HEAL: 15555']) expect(decodeQuotedPrintable(farewell()!.raw), line).toContain(line);
    expect(calendarAttachmentOf(farewell()!.raw)).toContain('METHOD:CANCEL');

    await page.goto(link);
    const manage = page.getByRole('region', { name: 'Your appointment' });
    await manage.getByText('This appointment was cancelled because the clinic closed its account.', { exact: false }).waitFor();
    await expectNoViolations(page, 'manage page of a closed clinic');
    await screenshot(page, 'manage-clinic-closed');
    await page.goto(link.replace('/appointments/manage/', '/ms/appointments/manage/'));
    await page.getByText('Janji temu ini dibatalkan kerana klinik telah menutup akaunnya.', { exact: false }).waitFor();
    await expectNoViolations(page, 'manage page of a closed clinic, in Malay');
  });
});
