import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/connect';
import { bookSlot } from '../db/testing/fixtures';
import { calendarDateIn, mondayOf } from '../domain/calendar-days';
import { startWebhookReceiver } from '../server/testing/webhook-receiver';
import { demoAisyah, LAPTOP, openAdminSetup, signIn } from './support/admin';
import { expectNoViolations } from './support/axe';
import { screenshot } from './support/browser';
import { useBrowserSession } from './support/session';

/** The one toast on screen once it shows this text. */
async function expectToast(page: Page, title: string, description: string) {
  const toast = page.locator('.toast').filter({ hasText: description });
  await toast.waitFor();
  expect(await toast.textContent()).toContain(title);
}

/** Next week's Monday and Friday as YYYY-MM-DD. */
function nextWeek(): { monday: string; friday: string } {
  const today = new Date();
  const daysToMonday = (8 - today.getUTCDay()) % 7 || 7;
  const monday = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + daysToMonday));
  const friday = new Date(monday.getTime() + 4 * 86_400_000);
  return { monday: monday.toISOString().slice(0, 10), friday: friday.toISOString().slice(0, 10) };
}

/** 'Monday, 9 March 2026', as the calendar heads a day. */
function dayHeading(date: string): string {
  return new Intl.DateTimeFormat('en-MY', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

describe('the operator’s admin setup', () => {
  const session = useBrowserSession({ bypassCSP: true });

  it('sends a signed-out visitor to /login from both addresses', async () => {
    const { page } = session;
    for (const path of ['/admin-setup', '/admin/setup']) {
      await session.visit(path);
      await page.waitForURL((url) => url.pathname === '/login');
    }
  });

  it('gives a psychologist a calendar link and sends the clinic’s systems a signed test event', async () => {
    const { page } = session;
    let secret = '';
    const receiver = await startWebhookReceiver(() => secret);
    try {
      await signIn(session);
      await openAdminSetup(session, '/admin/psychologists');

      const directory = page.getByRole('region', { name: 'Psychologist Directory' });
      await directory.getByRole('button', { name: 'Calendar link for Dr. Aisyah Rahman' }).click();
      const calendar = page.getByRole('dialog', { name: 'Calendar link for Dr. Aisyah Rahman' });
      await calendar.getByRole('button', { name: 'Make new link' }).click();
      const address = calendar.getByLabel('Subscription address');
      await address.waitFor();
      const feedUrl = await address.inputValue();
      expect(feedUrl).toMatch(/\/api\/calendar\/[\w-]+\.ics$/);
      const feed = await page.request.get(feedUrl);
      expect(feed.headers()['content-type']).toContain('text/calendar');
      expect(await feed.text()).toContain('BEGIN:VCALENDAR');
      await expectNoViolations(page, 'calendar link');
      await calendar.getByRole('button', { name: 'Done' }).click();

      await openAdminSetup(session, '/admin/webhooks');
      const webhooks = page.getByRole('region', { name: 'Webhooks' });
      await webhooks.getByLabel('Endpoint address').fill('http://clinic.example.my/events');
      await webhooks.getByRole('button', { name: 'Add endpoint' }).click();
      await expectToast(page, 'Error', 'The endpoint must be an https address.');
      await webhooks.getByLabel('Endpoint address').fill(receiver.url);
      await webhooks.getByRole('button', { name: 'Add endpoint' }).click();
      await expectToast(page, 'Success!', 'Endpoint added.');
      await webhooks.getByRole('button', { name: 'Show secret' }).click();
      secret = (await webhooks.locator('code').first().textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);

      await webhooks.getByRole('button', { name: `Send test event to ${receiver.url}` }).click();
      await webhooks.getByText('Delivered (204)').waitFor({ timeout: 20_000 });
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]!.signatureValid).toBe(true);
      expect(receiver.events()[0]!.type).toBe('webhook.test');
      await screenshot(page, 'admin-webhooks');
      await expectNoViolations(page, 'webhooks');

      // Rolling the secret: the receiver moves to the new one while the old one still signs.
      await webhooks.getByRole('button', { name: 'Roll secret' }).click();
      const roll = page.getByRole('dialog', { name: 'Roll the signing secret?' });
      await expectNoViolations(page, 'roll webhook secret');
      await roll.getByRole('button', { name: 'Roll secret' }).click();
      await expectToast(page, 'Success!', 'New secret drawn.');
      await webhooks.getByText('The previous secret also signs until').waitFor();
      const rolled = (await webhooks.locator('code').first().textContent()) ?? '';
      expect(rolled).toMatch(/^whsec_/);
      expect(rolled).not.toBe(secret);
      secret = rolled;
      await webhooks.getByRole('button', { name: `Send test event to ${receiver.url}` }).click();
      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2);
      expect(receiver.received[1]!.signatureValid).toBe(true);

      // The endpoint chooses its events, named in words beside their ids; none at all is refused
      // under the group and tied to it, and the saved choice is what the page shows after a reload.
      const eventTypes = webhooks.getByRole('group', { name: `Events ${receiver.url} receives` });
      for (const box of await eventTypes.getByRole('checkbox').all()) await box.uncheck();
      await eventTypes.getByRole('button', { name: 'Save events' }).click();
      const noEvent = eventTypes.getByText('choose at least one event, or remove the endpoint');
      await noEvent.waitFor();
      expect(await eventTypes.getAttribute('aria-invalid')).toBe('true');
      expect(await eventTypes.getAttribute('aria-describedby')).toBe(await noEvent.getAttribute('id'));
      await eventTypes.getByRole('checkbox', { name: 'Appointment requested appointment.requested' }).check();
      await eventTypes.getByRole('button', { name: 'Save events' }).click();
      await expectToast(page, 'Success!', 'Saved. The endpoint receives the events ticked from now on.');
      await page.reload();
      const requested = eventTypes.getByRole('checkbox', { name: 'Appointment requested appointment.requested' });
      await requested.waitFor();
      expect(await requested.isChecked()).toBe(true);
      expect(await eventTypes.getByRole('checkbox', { checked: true }).count()).toBe(1);
      expect(await eventTypes.getAttribute('aria-invalid')).toBeNull();
      await webhooks.getByRole('button', { name: /^Send again: Test event of / }).first().click();
      await expectToast(page, 'Success!', 'Queued again with the same event id.');
      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(3);
      const [first, second, again] = receiver.events();
      expect([first!.id, second!.id]).toContain(again!.id);

      // An API key for the clinic's own server: shown once, works on REST, stops once revoked.
      await openAdminSetup(session, '/admin/api-keys');
      const apiKeys = page.getByRole('region', { name: 'API keys' });
      await apiKeys.getByLabel('Name').fill('Practice manager sync');
      await apiKeys.getByRole('checkbox', { name: /Read appointments/ }).check();
      await apiKeys.getByRole('button', { name: 'Create key' }).click();
      await expectToast(page, 'Success!', 'Key created.');
      const key = await apiKeys.getByRole('textbox', { name: 'Key' }).inputValue();
      expect(key).toMatch(/^mk_/);
      await expectNoViolations(page, 'api keys');
      // From a server: no browser, no cookie.
      const call = () => fetch(`${session.server.url}/api/appointments`, { headers: { authorization: `Bearer ${key}` } });
      expect((await call()).status).toBe(200);
      await apiKeys.getByRole('button', { name: 'I have copied it' }).click();
      await apiKeys.getByRole('button', { name: 'Revoke the key Practice manager sync' }).click();
      await page.getByRole('dialog', { name: 'Revoke this key?' }).getByRole('button', { name: 'Revoke' }).click();
      await expectToast(page, 'Success!', 'Key revoked.');
      expect((await call()).status).toBe(401);
    } finally {
      await receiver.stop();
    }
  });

  it('configures the screener, adds a psychologist, generates, edits and deletes slots, and logs out', async () => {
    const { page } = session;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(session);
    await openAdminSetup(session, '/admin/screener-urls');
    expect(await page.getByText('Signed in as demo').isVisible()).toBe(true);
    const english = page.getByRole('textbox', { name: 'English', exact: true });
    const malay = page.getByRole('textbox', { name: 'Malay', exact: true });
    expect(await english.inputValue()).toBe(`${session.server.url}/screener/klinik-minda`);
    expect(await malay.inputValue()).toBe(`${session.server.url}/ms/screener/klinik-minda`);
    await expectNoViolations(page, 'admin setup');

    await openAdminSetup(session, '/admin/screener');
    // A minimum age outside 10-21 is refused, with the server's message under the field.
    const age = page.getByRole('spinbutton', { name: 'Minimum age' });
    await age.fill('25');
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await page.getByText('must be a whole number from 10 to 21', { exact: true }).waitFor();
    await expectToast(page, 'Error', 'Please check the highlighted fields.');
    expect(await page.locator('.toast').textContent()).not.toContain('minimumAge');
    expect(await age.getAttribute('aria-invalid')).toBe('true');

    // Malay off: the Malay URL goes once saved.
    await age.fill('18');
    await page.getByRole('switch', { name: 'Enable Malay translation' }).uncheck();
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await expectToast(page, 'Success!', 'Your configuration has been saved successfully.');
    await openAdminSetup(session, '/admin/screener-urls');
    expect(await malay.count()).toBe(0);
    await openAdminSetup(session, '/admin/screener');

    // A new company name, title and Malay on: the URLs follow the new slug after saving.
    await page.getByRole('textbox', { name: 'Company name (optional)' }).fill('Klinik Setia Jaya');
    await page.getByText('your URLs will use the name “klinik-setia-jaya”').waitFor();
    await page.getByRole('textbox', { name: 'App title', exact: true }).fill('Setia Wellbeing Check');
    await page.getByRole('switch', { name: 'Enable Malay translation' }).check();
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await expectToast(page, 'Success!', 'Your configuration has been saved successfully.');
    await openAdminSetup(session, '/admin/screener-urls');
    await page.waitForFunction(
      (url) => (document.querySelector('input[readonly]') as HTMLInputElement | null)?.value === url,
      `${session.server.url}/screener/klinik-setia-jaya`,
    );
    expect(await malay.inputValue()).toBe(`${session.server.url}/ms/screener/klinik-setia-jaya`);
    expect(await page.getByRole('link', { name: /View Screener/ }).getAttribute('href')).toBe('/screener/klinik-setia-jaya');

    // AI insights off: the visitor's privacy notice says so; the default screener's says they go to an AI service.
    await openAdminSetup(session, '/admin/screener');
    await page.getByRole('switch', { name: 'Write insights with an AI service' }).uncheck();
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await expectToast(page, 'Success!', 'Your configuration has been saved successfully.');
    await session.visit('/screener/klinik-setia-jaya');
    await page.getByText('Your wellbeing tips are written here; your answers are not sent to any AI service').waitFor();
    await session.visit('/screener/default');
    await page.getByText('your scores and follow-up answers, without names or contact details, are sent to an AI service').waitFor();
    await openAdminSetup(session, '/admin/screener');
    expect(await page.getByRole('switch', { name: 'Write insights with an AI service' }).isChecked()).toBe(false);

    await openAdminSetup(session, '/admin/screener-urls');

    await page.getByRole('button', { name: 'Copy the Malay URL' }).click();
    await expectToast(page, 'Copied!', 'The screener URL has been copied to your clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${session.server.url}/ms/screener/klinik-setia-jaya`);
    // The tag that embeds the screener in the clinic's site, here as the Malay pop-up.
    await page.getByRole('button', { name: 'Copy the tag: Pop-up button, Malay' }).click();
    await expectToast(page, 'Copied!', 'The tag has been copied to your clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `<script src="${session.server.url}/embed.js" data-screener="klinik-setia-jaya" data-lang="ms" data-mode="popup" async></script>`,
    );
    await screenshot(page, 'admin-setup-configured');

    // Add a psychologist: Save waits for name, job title and description.
    await openAdminSetup(session, '/admin/psychologists');
    await page.getByRole('button', { name: 'Add Psychologist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Psychologist' });
    await dialog.waitFor();
    const add = dialog.getByRole('button', { name: 'Add Psychologist' });
    expect(await add.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Dr. Farah Lim');
    await dialog.getByRole('textbox', { name: 'Job title', exact: true }).fill('Counselling Psychologist');
    expect(await add.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill('Young adults, study stress and relationships.');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('farah@klinik-setia.example');
    await dialog.getByRole('spinbutton', { name: 'Price per hour in RM (optional)' }).fill('120.5');
    expect(await dialog.getByRole('spinbutton', { name: 'Slot duration (minutes)' }).inputValue()).toBe('60');
    await expectNoViolations(page, 'psychologist dialog');
    await add.click();
    await expectToast(page, 'Success!', 'Psychologist added successfully.');
    expect(await dialog.count()).toBe(0);
    await page.getByRole('heading', { name: 'Dr. Farah Lim' }).waitFor();
    expect(await page.getByText('RM120.50 per hour').isVisible()).toBe(true);

    // Generate next week, Monday to Friday, 09:00-12:00: three one-hour slots a day, on a
    // laptop's screen, where the calendar shows the whole week.
    await page.setViewportSize(LAPTOP);
    await openAdminSetup(session, '/admin/schedule');
    const schedule = page.getByRole('region', { name: 'Schedule Management' });
    await schedule.getByRole('combobox', { name: 'Psychologist' }).selectOption({ label: 'Dr. Farah Lim' });
    const generate = schedule.getByRole('button', { name: 'Generate Availability Slots' });
    const missing = schedule.getByText('Missing Information: Please fill in all schedule fields and select at least one day of the week.');
    // Only an attempt with fields missing brings the notice.
    expect(await missing.count()).toBe(0);
    const checked = [];
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      checked.push(await schedule.getByRole('checkbox', { name: day }).isChecked());
    }
    expect(checked).toEqual([true, true, true, true, true, false, false]);
    await schedule.getByText('No slots or appointments this week.').waitFor();
    await generate.click();
    await missing.waitFor();
    expect(await generate.getAttribute('aria-describedby')).toBe(await missing.locator('xpath=..').getAttribute('id'));

    const { monday, friday } = nextWeek();
    await schedule.getByLabel('Start date').fill(monday);
    await schedule.getByLabel('End date').fill(friday);
    await schedule.getByLabel('Start time').fill('09:00');
    await schedule.getByLabel('End time').fill('12:00');
    expect(await missing.count()).toBe(0);
    await generate.click();
    await expectToast(page, 'Success!', 'Generated 15 availability slots for Dr. Farah Lim.');

    await schedule.getByRole('button', { name: 'Next week' }).click();
    const mondayColumn = schedule.locator('ol > li').filter({ has: page.locator(`time[datetime="${monday}"]`) });
    await mondayColumn.getByRole('button', { name: '9:00 am – 10:00 am Free' }).waitFor();
    expect(await schedule.getByRole('button', { name: /Free$/ }).count()).toBe(15);
    await screenshot(page, 'admin-setup-calendar');

    // Edit Monday's first slot: its local times are pre-filled; the new ones land on the same date.
    await mondayColumn.getByRole('button', { name: '9:00 am – 10:00 am Free' }).click();
    const slotDialog = page.getByRole('dialog', { name: 'Edit Slot' });
    await slotDialog.waitFor();
    expect(await slotDialog.getByText(dayHeading(monday)).isVisible()).toBe(true);
    expect(await slotDialog.getByLabel('Start time').inputValue()).toBe('09:00');
    expect(await slotDialog.getByLabel('End time').inputValue()).toBe('10:00');
    await expectNoViolations(page, 'edit slot dialog');
    await slotDialog.getByLabel('Start time').fill('08:00');
    await slotDialog.getByLabel('End time').fill('09:00');
    await slotDialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Success!', 'Availability slot updated successfully.');
    await mondayColumn.getByRole('button', { name: '8:00 am – 9:00 am Free' }).waitFor();
    expect(await mondayColumn.getByRole('button', { name: '9:00 am – 10:00 am Free' }).count()).toBe(0);

    // Delete Monday's 10:00 slot, after the question.
    await mondayColumn.getByRole('button', { name: '10:00 am – 11:00 am Free' }).click();
    await slotDialog.getByRole('button', { name: 'Delete Slot' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete slot?' });
    await confirm.getByText('Are you sure you want to delete this slot?').waitFor();
    await confirm.getByRole('button', { name: 'Delete Slot' }).click();
    await expectToast(page, 'Success!', 'Availability slot deleted successfully.');
    await expect.poll(() => mondayColumn.getByRole('button', { name: /Free$/ }).count()).toBe(2);
    expect(await mondayColumn.getByRole('button', { name: '10:00 am – 11:00 am Free' }).count()).toBe(0);

    // Logout lands on /login, and the admin page stays closed afterwards.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await session.visit('/admin-setup');
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('asks again with the server’s reason before a booking goes with a slot or a psychologist', async () => {
    const { page } = session;
    const { db } = connectDatabase(session.server.databaseUrl);
    const aisyah = await demoAisyah(db);
    const [first, second] = await db
      .selectFrom('availability_slots')
      .select(['id', 'start_utc'])
      .where('psychologist_id', '=', aisyah.id)
      .orderBy('start_utc')
      .limit(2)
      .execute();
    for (const slot of [first!, second!]) await bookSlot(db, { userId: aisyah.user_id, psychologistId: aisyah.id, slotId: slot.id });
    await db.destroy();

    await signIn(session);
    // A laptop's screen, where the calendar shows the whole week.
    await page.setViewportSize(LAPTOP);
    await openAdminSetup(session, '/admin/schedule');
    const schedule = page.getByRole('region', { name: 'Schedule Management' });
    await schedule.getByRole('combobox', { name: 'Psychologist' }).selectOption({ label: 'Dr. Aisyah Rahman' });
    // The demo's first slots are tomorrow's, or next Monday's at the weekend.
    const firstDate = calendarDateIn(new Date(first!.start_utc), 'Asia/Kuala_Lumpur');
    if (mondayOf(firstDate) !== mondayOf(calendarDateIn(new Date(), 'Asia/Kuala_Lumpur'))) {
      await schedule.getByRole('button', { name: 'Next week' }).click();
    }
    const booked = schedule.getByRole('button', { name: /Requested Siti$/ });
    await booked.first().waitFor();
    expect(await booked.count()).toBe(2);

    // The appointment's dialog leads to its slot's.
    await booked.first().click();
    await page.getByRole('dialog', { name: 'Appointment' }).getByRole('button', { name: 'Change the time' }).click();
    const slotDialog = page.getByRole('dialog', { name: 'Edit Slot' });
    await slotDialog.getByText('This slot is booked by a client.').waitFor();
    await slotDialog.getByRole('button', { name: 'Delete Slot' }).click();
    await page.getByRole('dialog', { name: 'Delete slot?' }).getByRole('button', { name: 'Delete Slot' }).click();
    const bookedQuestion = page.getByRole('dialog', { name: 'Booked slot' });
    await bookedQuestion.getByText('This slot is booked by a client. Deleting it cancels their appointment; confirm to go ahead anyway.').waitFor();
    await bookedQuestion.getByRole('button', { name: 'Delete anyway' }).click();
    await expectToast(page, 'Success!', 'Availability slot deleted successfully.');
    // One booked slot is left in the calendar.
    await expect.poll(() => booked.count()).toBe(1);

    await openAdminSetup(session, '/admin/psychologists');
    const directory = page.getByRole('region', { name: 'Psychologist Directory' });
    await directory.getByRole('button', { name: 'Delete Dr. Aisyah Rahman' }).click();
    const question = page.getByRole('dialog', { name: 'Delete psychologist?' });
    await question.getByText('Are you sure you want to delete this psychologist? This action cannot be undone.').waitFor();
    await question.getByRole('button', { name: 'Delete', exact: true }).click();
    const bookings = page.getByRole('dialog', { name: 'Upcoming bookings' });
    await bookings.getByText('Dr. Aisyah Rahman has 1 upcoming booked appointment.', { exact: false }).waitFor();
    await screenshot(page, 'admin-setup-delete-psychologist-with-booking');
    await bookings.getByRole('button', { name: 'Delete anyway' }).click();
    await expectToast(page, 'Success!', 'Psychologist deleted successfully.');
    // The list refetches after the toast.
    await expect.poll(() => directory.getByRole('heading', { name: 'Dr. Aisyah Rahman' }).count()).toBe(0);
  });
});
