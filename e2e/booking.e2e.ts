import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fetchProofOfWork } from '../server/testing/booking-challenge-solver';
import { openAdminSetup, signIn } from './support/admin';
import { screenshot } from './support/browser';
import { chooseFreeTime } from './support/booking-steps';
import { resultsReachedOnce } from './support/screener-steps';
import { useBrowserSessionWithMail } from './support/mail';

const CLIENT = { name: 'Nurul Huda', email: 'nurul@example.my' };

describe('booking from the results page, the operator’s appointments and the free limit', () => {
  const { session, mailsTo } = useBrowserSessionWithMail();

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${session.server.url}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', origin: session.server.url, ...init.headers },
    });

  const openResults = resultsReachedOnce();

  async function openBookingDialog(page: Page) {
    await openResults(page, `${session.server.url}/screener/klinik-minda`);
    const booking = page.getByRole('region', { name: 'Book an Appointment' });
    await booking.getByText('RM150.00 / hour').waitFor();
    await booking.getByRole('button', { name: 'Book a session with Dr. Aisyah Rahman' }).click();
    return page.getByRole('dialog', { name: 'Dr. Aisyah Rahman' });
  }

  it('books a slot with a Malaysian phone number and says the booking was received', async () => {
    const { page } = session;
    const dialog = await openBookingDialog(page);
    await chooseFreeTime(dialog);

    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    await dialog.getByLabel('Full name').fill(CLIENT.name);
    await dialog.getByLabel('Email').fill(CLIENT.email);
    await dialog.getByLabel('Phone number').fill('12345');
    await dialog.getByLabel('Phone number').press('Tab');
    expect(await dialog.getByText('Please enter a valid Malaysian phone number').isVisible()).toBe(true);
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Phone number').fill('012-345 6789');
    expect(await dialog.getByText('Please enter a valid Malaysian phone number').count()).toBe(0);
    expect(await dialog.getByRole('region', { name: 'Booking summary' }).textContent()).toContain('Dr. Aisyah Rahman');
    // An incomplete address: a sentence under the field and above Confirm, never "Invalid input: …".
    await dialog.getByLabel('Email').fill('aisyah@');
    await confirm.click();
    await dialog.getByText('Please enter your e-mail address in full, such as nurul@example.my.').waitFor();
    await dialog.getByText('Please correct the details marked above, then confirm again.').waitFor();
    expect(await dialog.textContent()).not.toContain('Invalid input');
    await dialog.getByLabel('Email').fill(CLIENT.email);
    await screenshot(page, 'booking-form');
    await confirm.click();

    const received = page.getByRole('dialog', { name: 'Booking Received!' });
    await received.getByText('Dr. Aisyah Rahman will reach out to you to confirm your appointment.').waitFor();
    await screenshot(page, 'booking-received');
    await received.getByRole('button', { name: 'Close' }).click();

    // The visitor's confirmation (with its calendar file), the psychologist's and the operator's.
    await expect.poll(() => mailsTo(CLIENT.email).length, { timeout: 20_000 }).toBe(1);
    expect(mailsTo(CLIENT.email)[0]!.raw).toContain('text/calendar');
    await expect.poll(() => mailsTo('demo@minda.example').length, { timeout: 20_000 }).toBe(1);
  });

  it('shows the booking to the operator, who cancels it and frees the slot', async () => {
    const { page } = session;
    await signIn(session);
    await openAdminSetup(session, '/admin/appointments');
    const appointments = page.getByRole('region', { name: 'Appointments' });
    await appointments.getByText(CLIENT.name, { exact: false }).waitFor();
    expect(await appointments.textContent()).toContain('+60123456789');
    await screenshot(page, 'appointments');
    await appointments.getByRole('button', { name: `Cancel the appointment of ${CLIENT.name}` }).click();
    await page.getByRole('dialog', { name: 'Cancel appointment' }).getByRole('button', { name: 'Cancel appointment' }).click();
    await page.getByText('Appointment cancelled. The client has been told by e-mail.').waitFor();
    await appointments.locator('.badge', { hasText: 'Cancelled' }).waitFor();
    await expect.poll(() => mailsTo(CLIENT.email).length, { timeout: 20_000 }).toBe(2);
  });

  it('prompts to subscribe on the fourth booking and books nothing; subscribing in test mode lifts the limit', async () => {
    const { page } = session;
    // Three requests over REST, confirmed by the clinic in its inbox, use up the demo clinic's 3
    // free bookings: a booking counts once the clinic accepts it (the first one was cancelled
    // while still a request, so it counts nothing).
    const [psychologist] = (await (await api('/api/public/psychologists?slug=klinik-minda')).json()) as { id: string }[];
    const slots = (await (
      await api(`/api/public/availability?slug=klinik-minda&psychologistId=${psychologist!.id}`)
    ).json()) as { id: string }[];
    for (const [i, slot] of slots.slice(-3).entries()) {
      const response = await api('/api/public/appointments', {
        method: 'POST',
        body: JSON.stringify({
          slug: 'klinik-minda',
          psychologistId: psychologist!.id,
          slotId: slot.id,
          clientName: 'Tan Wei Ming',
          clientEmail: `${['weiming', 'meiling', 'ahmad'][i]}@example.my`,
          clientPhone: '+60198765432',
          clientTimezone: 'Asia/Kuala_Lumpur',
          proofOfWork: await fetchProofOfWork(session.server.url, 'klinik-minda'),
        }),
      });
      expect(response.status).toBe(201);
    }
    await signIn(session);
    await openAdminSetup(session, '/admin/appointments');
    const confirmButtons = page.getByRole('region', { name: 'Appointments' }).getByRole('button', { name: 'Confirm: the appointment of Tan Wei Ming' });
    await confirmButtons.first().waitFor();
    for (const left of [2, 1, 0]) {
      await expect.poll(() => confirmButtons.count(), { timeout: 10_000 }).toBe(left + 1);
      await confirmButtons.first().click();
      await expect.poll(() => confirmButtons.count(), { timeout: 10_000 }).toBe(left);
    }
    const check = (await (await api('/api/public/check-subscription/klinik-minda')).json()) as { subscriptionRequired: boolean };
    expect(check.subscriptionRequired).toBe(true);

    const dialog = await openBookingDialog(page);
    await chooseFreeTime(dialog);
    await dialog.getByLabel('Full name').fill('Siti Aminah');
    await dialog.getByLabel('Email').fill('siti@example.my');
    await dialog.getByLabel('Phone number').fill('0123456789');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const prompt = page.getByRole('dialog', { name: 'Free booking limit reached' });
    await prompt
      .getByText("You've reached your free booking limit (3 bookings). Subscribe now to continue booking appointments?")
      .waitFor();
    await prompt.getByRole('button', { name: 'Subscribe now' }).click();
    await page.waitForURL('**/subscribe');
    expect(mailsTo('siti@example.my')).toHaveLength(0);

    // Still signed in from confirming the requests.
    await session.visit('/subscribe');
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await page.getByRole('status').filter({ hasText: 'Your subscription is active' }).waitFor();
    const after = (await (await api('/api/public/check-subscription/klinik-minda')).json()) as { subscriptionRequired: boolean };
    expect(after.subscriptionRequired).toBe(false);

    // Back on the screener, the dialog the limit stopped is open again, with the time and the
    // details the visitor chose and typed.
    await session.visit('/screener/klinik-minda');
    const again = page.getByRole('dialog', { name: 'Dr. Aisyah Rahman' });
    await again.getByRole('region', { name: 'Booking summary' }).waitFor();
    // What the visitor chose, drawn checked once the free times have come.
    await expect.poll(() => again.getByRole('radio', { checked: true }).count()).toBe(2);
    expect(await again.getByLabel('Full name').inputValue()).toBe('Siti Aminah');
    expect(await again.getByLabel('Phone number').inputValue()).toBe('0123456789');
    await again.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('dialog', { name: 'Booking Received!' }).waitFor();
  });
});
