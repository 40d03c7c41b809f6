import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/connect';
import type { Locales } from '../i18n/i18n-types';
import { translationsFor } from '../server/translations';
import { signIn } from './support/admin';
import { expectNoViolations } from './support/axe';
import { screenshot } from './support/browser';
import { chooseAisyahsLastTime } from './support/booking-steps';
import { useBrowserSessionWithMail } from './support/mail';
import { decodeQuotedPrintable } from '../server/testing/smtp-capture';
import { type FakeWhatsapp, startFakeWhatsapp } from '../server/testing/fake-whatsapp';

const VISITOR = { name: 'Siti Aminah', email: 'siti.aminah@example.my' };
/** A Kuala Lumpur landline: a valid Malaysian number, but no WhatsApp. */
const LANDLINE = '03-7627 2929';
const MOBILE = { typed: '012-345 6789', stored: '+60123456789' };
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 720 };

/** The phone field's error, read as a screen reader does: the text the input's aria-describedby names. */
async function describedError(dialog: Locator, phoneLabel: string): Promise<string | null> {
  const input = dialog.getByLabel(phoneLabel, { exact: true });
  if ((await input.getAttribute('aria-invalid')) !== 'true') return null;
  const id = await input.getAttribute('aria-describedby');
  return dialog.locator(`[id="${id}"]`).textContent();
}

/**
 * In one language: WhatsApp unticked at first; ticked with a landline, the field says why and
 * Confirm waits; a mobile number clears it. axe after each step.
 */
async function consentWithMobileNumber(page: Page, dialog: Locator, lang: Locales) {
  const booking = translationsFor(lang).booking;
  const phoneLabel = booking.phone();
  const whatsApp = dialog.getByRole('checkbox', { name: booking.whatsappReminders() });
  expect(await whatsApp.isChecked()).toBe(false);
  expect(await dialog.getByText(booking.whatsappRemindersDetails({ clinic: 'Klinik Minda' })).count()).toBe(1);
  await dialog.getByLabel(phoneLabel, { exact: true }).fill(LANDLINE);
  await whatsApp.check();
  await expect.poll(() => describedError(dialog, phoneLabel)).toBe(booking.whatsapp.phoneNotMobile());
  expect(await dialog.getByRole('button', { name: booking.confirm(), exact: true }).isDisabled()).toBe(true);
  await expectNoViolations(page, `${lang}: a landline with WhatsApp ticked`);
  await screenshot(page, `whatsapp-390-landline-${lang}`);
  await dialog.getByLabel(phoneLabel, { exact: true }).fill(MOBILE.typed);
  await expect.poll(() => describedError(dialog, phoneLabel)).toBe(null);
  expect(await dialog.getByRole('button', { name: booking.confirm(), exact: true }).isEnabled()).toBe(true);
  await expectNoViolations(page, `${lang}: a mobile number with WhatsApp ticked`);
}

describe('WhatsApp: the visitor’s consent and the clinic’s confirmed attendance (issue 29)', () => {
  // Meta's Cloud API, faked: the journey's server sends through it and gets its signed webhooks.
  let fake: FakeWhatsapp;
  beforeAll(async () => {
    fake = await startFakeWhatsapp();
  });
  afterAll(() => fake.close());
  // CSP bypassed only so that axe's script can run in the page.
  const { session, mailsTo } = useBrowserSessionWithMail({ bypassCSP: true, serverEnv: () => fake.env as Record<string, string> });

  it('asks for a mobile number in both languages, stores the consent in the visitor’s words, stops from the manage page, and shows the clinic “I’ll be there” and its switch', async () => {
    const { page, server } = session;
    await page.setViewportSize(PHONE);
    await session.visit('/screener/klinik-minda');
    const dialog = await chooseAisyahsLastTime(page);
    await dialog.getByLabel('Full name').fill(VISITOR.name);
    await dialog.getByLabel('Email').fill(VISITOR.email);
    await consentWithMobileNumber(page, dialog, 'en');

    // The same dialog in Malay: the tab kept what was typed, never the consent.
    await session.visit('/ms/screener/klinik-minda');
    await dialog.getByLabel('Nama penuh').waitFor();
    await consentWithMobileNumber(page, dialog, 'ms');
    await dialog.getByRole('button', { name: 'Sahkan', exact: true }).click();
    await page.getByRole('dialog', { name: 'Tempahan Diterima!' }).waitFor();
    await expectNoViolations(page, 'booked in Malay with WhatsApp');

    // Stored: the number in E.164, the choice, and the consent in the exact Malay words shown.
    const { db } = connectDatabase(server.databaseUrl);
    try {
      const booked = await db
        .selectFrom('appointments')
        .select(['id', 'client_phone', 'whatsapp_reminders'])
        .where('client_email', '=', VISITOR.email)
        .executeTakeFirstOrThrow();
      expect(booked.client_phone).toBe(MOBILE.stored);
      expect(Number(booked.whatsapp_reminders)).toBe(1);
      const consent = await db
        .selectFrom('consent_records')
        .innerJoin('consent_texts', 'consent_texts.version', 'consent_records.text_version')
        .select(['consent_texts.language', 'consent_texts.text'])
        .where('consent_records.appointment_id', '=', booked.id)
        .where('consent_records.kind', '=', 'whatsappReminders')
        .executeTakeFirstOrThrow();
      const ms = translationsFor('ms').booking;
      expect(consent).toEqual({ language: 'ms', text: `${ms.whatsappReminders()}\n\n${ms.whatsappRemindersDetails({ clinic: 'Klinik Minda' })}` });
    } finally {
      await db.destroy();
    }

    // The booking's message reaches the Cloud API, and the visitor's "I'll be there" comes back
    // as Meta would post it: a signed webhook answering that message.
    await expect.poll(() => fake.messages.filter((m) => m.to === MOBILE.stored.slice(1)).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const sent = fake.messages.find((m) => m.to === MOBILE.stored.slice(1))!;
    const { body, signature } = fake.signed(fake.replyWebhook(sent, { buttonPayload: 'ATTENDING' }));
    const answered = await fetch(`${server.url}/api/whatsapp/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, body });
    expect(answered.status).toBe(200);

    // The visitor's page, in Malay from their e-mail's link: WhatsApp on, and one tap stops it.
    await expect.poll(() => mailsTo(VISITOR.email).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const link = /https?:\/\/[^\s"<]+\/appointments\/manage\/[\w-]+/.exec(decodeQuotedPrintable(mailsTo(VISITOR.email)[0]!.raw))![0];
    await page.goto(link);
    const ms = translationsFor('ms').booking.whatsapp;
    const messages = page.getByRole('region', { name: ms.manageTitle() });
    await messages.getByText(ms.manageOn()).waitFor();
    await expectNoViolations(page, 'manage page with WhatsApp on, in Malay');
    await messages.getByRole('button', { name: ms.manageStop() }).click();
    await messages.getByText(ms.manageStopped()).waitFor();
    expect(await messages.getByRole('button').count()).toBe(0);
    await expectNoViolations(page, 'manage page with WhatsApp stopped, in Malay');
    await screenshot(page, 'whatsapp-390-manage-stopped-ms');

    // The clinic's Today, at a laptop's width: the request waiting, with the visitor's answer.
    await page.setViewportSize(LAPTOP);
    await signIn(session);
    await session.visit('/admin/today');
    const admin = translationsFor('en').admin;
    const waiting = page
      .getByRole('region', { name: admin.today.title() })
      .getByRole('heading', { name: admin.today.waiting(), exact: true })
      .locator('xpath=following-sibling::ul[1]/li', { hasText: VISITOR.name });
    await expect.poll(() => waiting.innerText()).toContain(admin.appointments.attendanceConfirmed());
    await expectNoViolations(page, 'Today with a confirmed attendance');
    await screenshot(page, 'whatsapp-1280-today-attending');

    // The clinic's switch, on by default, and this month's count: what the fake received.
    await session.visit('/admin/booking-settings');
    const settings = page.getByRole('region', { name: admin.whatsapp.title(), exact: true });
    expect(await settings.getByRole('switch', { name: admin.whatsapp.enabled() }).isChecked()).toBe(true);
    await settings.getByText(admin.whatsapp.sentThisMonth({ count: fake.messages.length }), { exact: true }).waitFor();
    await expectNoViolations(page, 'booking settings with WhatsApp');
  });
});
