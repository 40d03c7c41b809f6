import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from '../server/testing/smtp-capture';
import { signIn } from './support/admin';
import { expectNoViolations } from './support/axe';
import { screenshot } from './support/browser';
import { chooseFreeTime } from './support/booking-steps';
import { useBrowserSessionWithMail } from './support/mail';
import { completeDass21Quickly } from './support/screener-steps';

const ADDRESS = '12 Jalan Ampang, 50450 Kuala Lumpur';
const VISITOR = { name: 'Farah Aziz', email: 'farah.place@example.my' };

/** At a phone's and a laptop's width: the place is drawn, axe finds nothing of any impact, and a screenshot of each. */
async function checkAtBothWidths(page: Page, within: Locator, text: string, name: string) {
  const shown = within.getByTestId('session-place');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 720 });
    await expect.poll(() => shown.textContent()).toBe(text);
    await expectNoViolations(page, `${name} at ${width} px`);
    await screenshot(page, `session-place-${name}-${width}`);
  }
}

describe('where the session is', () => {
  // CSP bypassed only so that axe's script can run in the page.
  const { session, mailsTo } = useBrowserSessionWithMail({ bypassCSP: true });

  it('shows the place in the booker, the confirmation and the manage page, with the clinic’s contact, in English and Malay', async () => {
    const { page } = session;
    // Set up through the API: the journey is the visitor's.
    await signIn(session);
    const saved = await page.request.put(`${session.server.url}/api/session-place`, {
      data: { place: { mode: 'address', address: ADDRESS }, contact: { phone: '03-2345 6789', whatsApp: '012-345 6789', email: 'hello@klinik-minda.example' } },
      headers: { origin: session.server.url },
    });
    expect(saved.status()).toBe(200);

    await session.visit('/screener/klinik-minda');
    await completeDass21Quickly(page);
    await page.getByRole('region', { name: 'Book an Appointment' }).getByRole('button', { name: 'Book a session with Dr. Aisyah Rahman' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dr. Aisyah Rahman' });
    await chooseFreeTime(dialog, 'last');
    await checkAtBothWidths(page, dialog, `Where: In person${ADDRESS}`, 'booker');
    await dialog.getByLabel('Full name').fill(VISITOR.name);
    await dialog.getByLabel('Email').fill(VISITOR.email);
    await dialog.getByLabel('Phone number').fill('012-345 6789');
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    const received = page.getByRole('dialog', { name: 'Booking Received!' });
    await checkAtBothWidths(page, received, `Where: In person${ADDRESS}`, 'confirmation');

    await expect.poll(() => mailsTo(VISITOR.email).length, { timeout: 20_000 }).toBe(1);
    const mail = decodeQuotedPrintable(mailsTo(VISITOR.email)[0]!.raw);
    expect(mail).toContain(ADDRESS);
    const link = /https?:\/\/[^\s"<]+\/appointments\/manage\/[\w-]+/.exec(mail)![0];

    await page.goto(link);
    const manage = page.getByRole('region', { name: 'Your appointment' });
    await checkAtBothWidths(page, manage, `Where: In person${ADDRESS}`, 'manage-en');
    const contact = manage.getByRole('region', { name: 'Contact the clinic' });
    expect(await contact.getByRole('link', { name: '012-345 6789' }).getAttribute('href')).toBe('https://wa.me/60123456789');
    expect(await contact.getByRole('link', { name: '03-2345 6789' }).getAttribute('href')).toBe('tel:+60323456789');
    expect(await contact.getByRole('link', { name: 'hello@klinik-minda.example' }).getAttribute('href')).toBe('mailto:hello@klinik-minda.example');

    await page.goto(link.replace('/appointments/', '/ms/appointments/'));
    const manageMs = page.getByRole('region', { name: 'Janji temu anda' });
    await checkAtBothWidths(page, manageMs, `Di mana: Secara bersemuka${ADDRESS}`, 'manage-ms');
    await manageMs.getByRole('region', { name: 'Hubungi klinik' }).getByRole('link', { name: '012-345 6789' }).waitFor();

    // The Malay booker names the place too: the tab kept the results, so the screener opens on them.
    await session.visit('/ms/screener/klinik-minda');
    await page.getByRole('region', { name: 'Tempah Janji Temu' }).getByRole('button', { name: 'Tempah sesi dengan Dr. Aisyah Rahman' }).click();
    const sesi = page.getByRole('dialog', { name: 'Dr. Aisyah Rahman' });
    await chooseFreeTime(sesi, 'last');
    await checkAtBothWidths(page, sesi, `Di mana: Secara bersemuka${ADDRESS}`, 'booker-ms');
  });
});
