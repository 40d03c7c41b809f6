import type { Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import { connectDatabase } from '../db/connect';
import { DEMO_OPERATOR } from '../db/seed-demo';
import { bookSlot } from '../db/testing/fixtures';
import { demoAisyah, signIn } from './support/admin';
import { checkpoint, useTour, VIEWPORTS } from './support/tour';

// Every screen a clinic can reach, at a phone's and a laptop's width (its pages are English
// only): the account pages with their errors, admin setup's sections and dialogs, the plan and
// /subscribe. axe after each interaction, with E2E_SCREENSHOTS=1 a screenshot of each screen (test-results/e2e/tour-<width>-…png).

const WAITING_VISITOR = 'Siti';
// The launch offer still runs: its badge and countdown are part of the pricing on the way.
const OFFER_ENDS_AT = new Date(Date.now() + 10 * 24 * 3_600_000).toISOString();

/** Closes the dialog on screen as Escape does, and waits until it is gone. */
async function dismiss(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

describe('the clinic’s tour', () => {
  const tour = useTour({ serverEnv: () => ({ OFFER_ENDS_AT }) });

  beforeAll(async () => {
    // A request waiting for the clinic's answer, so the appointments section has a row to act on.
    const { db } = connectDatabase(tour.server.databaseUrl);
    const aisyah = await demoAisyah(db);
    const slot = await db.selectFrom('availability_slots').select('id').where('psychologist_id', '=', aisyah.id).orderBy('start_utc', 'desc').executeTakeFirstOrThrow();
    await bookSlot(db, { userId: aisyah.user_id, psychologistId: aisyah.id, slotId: slot.id });
    await db.destroy();
  });

  describe.each(VIEWPORTS)('at $width px', (viewport) => {
    const screen = (name: string) => `tour-${viewport.width}-${name}`;

    it('the account pages and their errors, a new clinic’s admin setup, and subscribing', async () => {
      const page = await tour.open(viewport);
      await page.goto(tour.url('/login'));
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      await checkpoint(page, screen('login'));
      await page.getByLabel('Username').fill(DEMO_OPERATOR.username);
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
      await checkpoint(page, screen('login-failed'));

      await page.goto(tour.url('/forgot-password'));
      await page.getByLabel('Email').fill('not-an-address');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByText('Please enter a valid email address').waitFor();
      await checkpoint(page, screen('forgot-password-error'));
      await page.getByLabel('Email').fill(DEMO_OPERATOR.email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
      await checkpoint(page, screen('forgot-password-sent'));

      await page.goto(tour.url('/reset-password'));
      await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
      await checkpoint(page, screen('reset-password-no-token'));
      await page.goto(tour.url('/reset-password?token=not-a-token'));
      await page.getByLabel('New Password', { exact: true }).fill('abc');
      await page.getByLabel('Confirm New Password').fill('abd');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByText("Passwords don't match").waitFor();
      await checkpoint(page, screen('reset-password-errors'));
      await page.getByLabel('New Password', { exact: true }).fill('a-long-new-password');
      await page.getByLabel('Confirm New Password').fill('a-long-new-password');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByRole('alert').waitFor();
      await checkpoint(page, screen('reset-password-refused'));

      await page.goto(tour.url('/signup'));
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByText('Username is required').waitFor();
      await checkpoint(page, screen('signup-errors'));
      await page.getByLabel('Username').fill(`tour-${viewport.width}`);
      await page.getByLabel('Email').fill(`owner-${viewport.width}@klinik-tour.example`);
      await page.getByLabel('Password').fill('seri-kembangan-2026');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL('**/admin-setup');
      await page.getByRole('region', { name: 'Today' }).getByText('No requests waiting.').waitFor();
      await checkpoint(page, screen('admin-setup-new-clinic'));
      await page.goto(tour.url('/admin/plan'));
      await page.getByRole('region', { name: 'Your Plan' }).getByText('0 of 3 free bookings used').waitFor();
      await checkpoint(page, screen('admin-plan-new-clinic'));

      await page.getByRole('region', { name: 'Your Plan' }).getByRole('link', { name: 'Subscribe' }).click();
      await page.getByRole('heading', { name: 'Subscribe to Minda', level: 1 }).waitFor();
      await page.getByText('days left at this price!', { exact: false }).waitFor();
      await checkpoint(page, screen('subscribe'));
      await page.getByRole('button', { name: 'Subscribe Now' }).click();
      await page.getByRole('status').filter({ hasText: 'Your subscription is active' }).waitFor();
      await checkpoint(page, screen('subscribe-active'));
    });

    it('admin setup: each section, each dialog, each error', async () => {
      const page = await tour.open(viewport);
      await signIn({ page, server: tour.server });
      // Each screen at its own address (docs/decisions/0048); /admin-setup opens Today.
      const open = async (path: string) => {
        await page.goto(tour.url(path));
        await page.getByRole('heading', { name: 'Admin Setup', level: 1 }).waitFor();
      };
      await open('/admin-setup');
      await page.getByRole('region', { name: 'Today' }).getByText(WAITING_VISITOR).first().waitFor();
      await checkpoint(page, screen('admin-setup'));
      await open('/admin/appointments');
      const appointments = page.getByRole('region', { name: 'Appointments' });
      await appointments.getByText('1 request waiting for your answer').waitFor();
      await checkpoint(page, screen('admin-appointments'));

      // A configuration the server refuses, its error under the field.
      await open('/admin/screener');
      await page.getByRole('spinbutton', { name: 'Minimum age' }).fill('5');
      await page.getByRole('button', { name: 'Save Configuration' }).click();
      await page.getByText('must be a whole number from 10 to 21', { exact: true }).waitFor();
      await checkpoint(page, screen('admin-configuration-error'));

      await open('/admin/psychologists');

      const directory = page.getByRole('region', { name: 'Psychologist Directory' });
      await directory.getByRole('button', { name: 'Add Psychologist' }).click();
      const add = page.getByRole('dialog', { name: 'Add Psychologist' });
      await checkpoint(page, screen('admin-add-psychologist'));
      // Enough to send it; the server refuses the address.
      await add.getByRole('textbox', { name: 'Name' }).fill('Dr. Farah Lim');
      await add.getByRole('textbox', { name: 'Job title', exact: true }).fill('Counselling Psychologist');
      await add.getByRole('textbox', { name: 'Description', exact: true }).fill('Young adults and study stress.');
      await add.getByRole('textbox', { name: 'Email' }).fill('farah@');
      await add.getByRole('button', { name: 'Add Psychologist' }).click();
      await add.locator('[aria-invalid="true"]').first().waitFor();
      await checkpoint(page, screen('admin-add-psychologist-errors'));
      await dismiss(page);

      await directory.getByRole('button', { name: 'Edit Dr. Aisyah Rahman' }).click();
      await page.getByRole('dialog').getByRole('textbox', { name: 'Name' }).waitFor();
      await checkpoint(page, screen('admin-edit-psychologist'));
      await dismiss(page);

      await directory.getByRole('button', { name: 'Calendar link for Dr. Aisyah Rahman' }).click();
      await page.getByRole('dialog', { name: 'Calendar link for Dr. Aisyah Rahman' }).waitFor();
      await checkpoint(page, screen('admin-calendar-link'));
      await dismiss(page);

      await directory.getByRole('button', { name: 'Delete Dr. Aisyah Rahman' }).click();
      await page.getByRole('dialog', { name: 'Delete psychologist?' }).waitFor();
      await checkpoint(page, screen('admin-delete-psychologist'));
      await dismiss(page);

      await open('/admin/schedule');
      const schedule = page.getByRole('region', { name: 'Schedule Management' });
      await schedule.getByRole('combobox', { name: 'Psychologist' }).selectOption({ label: 'Dr. Aisyah Rahman' });
      await schedule.getByRole('button', { name: 'Next week' }).click();
      await checkpoint(page, screen('admin-schedule-next-week'));
      await schedule.getByRole('button', { name: /Free$/ }).first().click();
      await page.getByRole('dialog', { name: 'Edit Slot' }).waitFor();
      await checkpoint(page, screen('admin-edit-slot'));
      await dismiss(page);

      await open('/admin/appointments');
      await appointments.getByRole('button', { name: `Cancel the appointment of ${WAITING_VISITOR}` }).click();
      await page.getByRole('dialog', { name: 'Cancel appointment' }).waitFor();
      await checkpoint(page, screen('admin-cancel-appointment'));
      await dismiss(page);

      await open('/admin/webhooks');
      const webhooks = page.getByRole('region', { name: 'Webhooks' });
      await webhooks.getByLabel('Endpoint address').fill('http://clinic.example.my/events');
      await webhooks.getByRole('button', { name: 'Add endpoint' }).click();
      await page.locator('.toast').filter({ hasText: 'The endpoint must be an https address.' }).waitFor();
      await checkpoint(page, screen('admin-webhook-error'));

      await open('/admin/account');
      await page.getByRole('button', { name: 'Delete account…' }).click();
      await page.getByRole('dialog', { name: 'Delete the account and all its data?' }).waitFor();
      await checkpoint(page, screen('admin-delete-account'));
      await dismiss(page);
    });
  });
});
