import { describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from '../server/testing/smtp-capture';
import { openAdminSetup, signIn } from './support/admin';
import { expectNoViolations } from './support/axe';
import { screenshot } from './support/browser';
import { chooseFreeTime } from './support/booking-steps';
import { completeDass21Quickly } from './support/screener-steps';
import { calendarAttachmentOf, useBrowserSessionWithMail } from './support/mail';

const VISITOR = { name: 'Farah Aziz', email: 'farah@example.my' };

describe('a clinic that asks visitors to confirm their e-mail', () => {
  // CSP bypassed only so that axe's script can run in the page.
  const { session, mailsTo } = useBrowserSessionWithMail({ bypassCSP: true });

  it('holds the booking until the visitor confirms on the page their e-mail links to; the clinic confirms it from the inbox; the visitor moves it, then cancels it', async () => {
    const { page } = session;
    // The demo clinic books in one step; its operator turns e-mail confirmation on, as a new
    // clinic has it by default.
    await signIn(session);
    await openAdminSetup(session, '/admin/booking-settings');
    const settings = page.getByRole('region', { name: 'Booking Settings' });
    const confirmEmail = settings.getByRole('switch', { name: 'Visitors confirm their e-mail' });
    expect(await confirmEmail.isChecked()).toBe(false);
    await confirmEmail.click();
    await page.getByText('Booking settings saved.').waitFor();
    expect(await confirmEmail.isChecked()).toBe(true);

    await session.visit('/screener/klinik-minda');
    await completeDass21Quickly(page);
    await page.getByRole('region', { name: 'Book an Appointment' }).getByRole('button', { name: 'Book a session with Dr. Aisyah Rahman' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dr. Aisyah Rahman' });
    // The last time offered: far beyond the psychologist's 24-hour cancellation notice, whatever
    // the hour the test runs, so the visitor may still move and cancel it.
    await chooseFreeTime(dialog, 'last');
    await dialog.getByLabel('Full name').fill(VISITOR.name);
    await dialog.getByLabel('Email').fill(VISITOR.email);
    await dialog.getByLabel('Phone number').fill('012-345 6789');
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    // A hold is not a booking (decision 0050): the dialog says to check the e-mail, with the time left.
    const received = page.getByRole('dialog', { name: 'Check your e-mail to confirm your booking' });
    await received.getByText('Please confirm your e-mail').waitFor();
    expect(await received.getByRole('timer').textContent()).toMatch(/^(30:00|29:\d\d)$/);
    await received.getByText(`We have sent a link to ${VISITOR.email}. Open it within 30 minutes`, { exact: false }).waitFor();
    await screenshot(page, 'booking-check-email');

    // Only the visitor hears of a hold.
    await expect.poll(() => mailsTo(VISITOR.email).length, { timeout: 20_000 }).toBe(1);
    expect(mailsTo('demo@minda.example')).toHaveLength(0);
    const link = /https?:\/\/[^\s"<]+\/appointments\/manage\/[\w-]+/.exec(decodeQuotedPrintable(mailsTo(VISITOR.email)[0]!.raw))![0];

    await page.goto(link);
    const manage = page.getByRole('region', { name: 'Your appointment' });
    await manage.getByText('Waiting for you to confirm your e-mail').waitFor();
    await screenshot(page, 'manage-held');
    await manage.getByRole('button', { name: 'Confirm my request' }).click();
    await manage.getByText('Requested: the clinic will reach out to confirm').waitFor();
    expect(await manage.getByRole('button', { name: 'Confirm my request' }).count()).toBe(0);

    // Now the psychologist and the clinic hear of it, and the visitor gets the receipt.
    await expect.poll(() => mailsTo('demo@minda.example').length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => mailsTo(VISITOR.email).length, { timeout: 20_000 }).toBe(2);

    // The clinic sees one request waiting and confirms it from the inbox; the visitor is told.
    await session.visit('/admin/appointments');
    const inbox = page.getByRole('region', { name: 'Appointments' });
    await inbox.getByText('1 request waiting for your answer').waitFor();
    await screenshot(page, 'inbox-waiting');
    // Decline as spam asks first, in an accessible dialog; keeping the request closes it.
    await inbox.getByRole('button', { name: `Decline as spam: the booking of ${VISITOR.name}` }).click();
    const spam = page.getByRole('dialog', { name: 'Decline as spam' });
    await spam.getByText('refuses new bookings from the same e-mail address and internet connection for 30 days', { exact: false }).waitFor();
    await expectNoViolations(page, 'decline as spam dialog');
    await spam.getByRole('button', { name: 'Cancel', exact: true }).click();
    await spam.waitFor({ state: 'detached' });
    await inbox.getByRole('button', { name: `Confirm: the appointment of ${VISITOR.name}` }).click();
    await page.getByText('Done. The client has been told by e-mail.').waitFor();
    await expect.poll(() => inbox.getByText('request waiting for your answer', { exact: false }).count()).toBe(0);
    await expect.poll(() => mailsTo(VISITOR.email).length, { timeout: 20_000 }).toBe(3);
    expect(decodeQuotedPrintable(mailsTo(VISITOR.email)[2]!.raw)).toContain('Subject: Your appointment is confirmed');
    await page.goto(link);
    const confirmed = page.getByRole('region', { name: 'Your appointment' });
    await confirmed.getByText('Confirmed', { exact: true }).waitFor();

    // The visitor moves it to another free time of the psychologist, then cancels it; each
    // change reaches them with the calendar entry updated.
    const when = confirmed.locator('p').nth(1);
    const before = await when.textContent();
    // The latest other time, again beyond the notice, so the visitor can cancel after moving; the booker's chips.
    await confirmed.getByRole('form', { name: 'Move it to another time' }).waitFor();
    await chooseFreeTime(confirmed, 'last');
    await confirmed.getByRole('button', { name: 'Move my appointment' }).click();
    await expect.poll(() => when.textContent()).not.toBe(before);
    await confirmed.getByText('Confirmed', { exact: true }).waitFor();
    await expect.poll(() => mailsTo(VISITOR.email).length, { timeout: 20_000 }).toBe(4);
    expect(decodeQuotedPrintable(mailsTo(VISITOR.email)[3]!.raw)).toContain('Subject: Your appointment was moved');
    await screenshot(page, 'manage-rescheduled');

    // Two more moves use up the three a link allows; then the page says whom to contact instead.
    for (const mails of [5, 6]) {
      const moved = await when.textContent();
      await chooseFreeTime(confirmed, 'last');
      await confirmed.getByRole('button', { name: 'Move my appointment' }).click();
      await expect.poll(() => when.textContent()).not.toBe(moved);
      await expect.poll(() => mailsTo(VISITOR.email).length, { timeout: 20_000 }).toBe(mails);
    }
    await confirmed.getByText('You have moved this appointment 3 times, the most allowed online.', { exact: false }).waitFor();
    expect(await confirmed.getByRole('button', { name: 'Move my appointment' }).count()).toBe(0);
    await screenshot(page, 'manage-moves-used-up');
    await expectNoViolations(page, 'manage page after three moves');

    // Cancelling asks first, with an optional reason (decision 0050).
    await confirmed.getByRole('button', { name: 'Cancel my appointment' }).click();
    await page.getByRole('dialog', { name: 'Cancel this appointment?' }).getByRole('button', { name: 'Yes, cancel it' }).click();
    await confirmed.getByText('Cancelled', { exact: true }).waitFor();
    expect(await confirmed.getByRole('button', { name: 'Cancel my appointment' }).count()).toBe(0);
    await expect.poll(() => mailsTo(VISITOR.email).length, { timeout: 20_000 }).toBe(7);
    expect(calendarAttachmentOf(mailsTo(VISITOR.email)[6]!.raw)).toContain('METHOD:CANCEL');
  });
});
