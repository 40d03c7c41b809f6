import { describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from '../server/testing/smtp-capture';
import { signIn } from './support/admin';
import { expectNoViolations } from './support/axe';
import { screenshot } from './support/browser';
import { chooseAisyahsLastTime, chooseFreeTime } from './support/booking-steps';
import { useBrowserSessionWithMail } from './support/mail';

const VISITOR = { name: 'Nurul Huda', email: 'nurul.huda@example.my' };
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 900 };

describe('the visitor’s appointment (decision 0050)', () => {
  // CSP bypassed only so that axe's script can run in the page.
  const { session, mailsTo } = useBrowserSessionWithMail({ bypassCSP: true });

  it('a hold says to check the e-mail with the time left; back closes the booking sheet and forward reopens it; the manage page is the clinic’s, in both languages', async () => {
    const { page } = session;
    await page.setViewportSize(PHONE);
    // Set up through the API: the demo clinic asks visitors to confirm their e-mail.
    await signIn(session);
    const settings = await page.request.get(`${session.server.url}/api/booking-settings`);
    const saved = await page.request.put(`${session.server.url}/api/booking-settings`, {
      data: { ...(await settings.json()), confirmVisitorEmail: true },
      headers: { origin: session.server.url },
    });
    expect(saved.ok()).toBe(true);

    await session.visit('/screener/klinik-minda');
    const dialog = await chooseAisyahsLastTime(page);
    await dialog.getByLabel('Full name').fill(VISITOR.name);

    // Zones read as places, and the picker finds one by its country.
    await dialog.getByLabel('Find your city or country').fill('malaysia');
    const zone = dialog.getByLabel('Your time zone');
    await zone.selectOption('Asia/Kuala_Lumpur');
    expect(await zone.locator('option:checked').textContent()).toBe('Kuala Lumpur (GMT+8)');
    expect(await zone.locator('option', { hasText: 'Kuching' }).count()).toBe(1);
    expect(await zone.locator('option', { hasText: 'London' }).count()).toBe(0);
    expect(await page.getByText('Asia/Kuala_Lumpur').count()).toBe(0);

    // Back closes the sheet and stays on the results; forward reopens it with what was typed.
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Your Results' }).waitFor();
    await page.goForward();
    await dialog.waitFor();
    expect(await dialog.getByLabel('Full name').inputValue()).toBe(VISITOR.name);
    await expectNoViolations(page, 'booking sheet reopened');

    await dialog.getByLabel('Email').fill(VISITOR.email);
    await dialog.getByLabel('Phone number').fill('012-345 6789');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const hold = page.getByRole('dialog', { name: 'Check your e-mail to confirm your booking' });
    await hold.getByText('Time left to confirm:').waitFor();
    expect(await hold.getByRole('timer').textContent()).toMatch(/^(30:00|29:\d\d)$/);
    expect(await page.getByText('Booking Received!').count()).toBe(0);
    await expectNoViolations(page, 'hold');
    await screenshot(page, 'visitor-appointment-390-hold');
    await page.setViewportSize(DESK);
    await screenshot(page, 'visitor-appointment-1280-hold');
    await hold.getByRole('button', { name: 'Close' }).click();

    await expect.poll(() => mailsTo(VISITOR.email).length, { timeout: 20_000 }).toBe(1);
    const link = /https?:\/\/[^\s"<]+\/appointments\/manage\/[\w-]+/.exec(decodeQuotedPrintable(mailsTo(VISITOR.email)[0]!.raw))![0];

    // The manage page carries the clinic's brand, its help and its policy before any change.
    await page.setViewportSize(PHONE);
    await page.goto(link);
    const manage = page.getByRole('region', { name: 'Your appointment' });
    await manage.getByRole('button', { name: 'Confirm my request' }).click();
    await manage.getByText('Requested: the clinic will reach out to confirm').waitFor();
    await page.getByRole('banner').getByText('Klinik Minda').waitFor();
    await manage.getByText('Kuala Lumpur (GMT+8)', { exact: false }).first().waitFor();
    await manage.getByRole('heading', { name: 'Cancellation policy' }).waitFor();
    await manage.getByRole('form', { name: 'Move it to another time' }).waitFor();
    expect(await manage.getByRole('group').nth(0).getByRole('radio').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Need help now?' }).click();
    const help = page.getByRole('dialog', { name: 'Need help now?' });
    await help.getByText('Befrienders', { exact: false }).first().waitFor();
    await expectNoViolations(page, 'manage page help');
    await help.getByRole('button', { name: 'Close' }).click();
    await expectNoViolations(page, 'manage page');
    await screenshot(page, 'visitor-appointment-390-manage');
    await page.setViewportSize(DESK);
    await expectNoViolations(page, 'manage page wide');
    await screenshot(page, 'visitor-appointment-1280-manage');

    // The same page in Malay; cancelling asks first, with an optional reason.
    await page.getByRole('link', { name: 'Baca dalam Bahasa Melayu' }).click();
    const urus = page.getByRole('region', { name: 'Janji temu anda' });
    await urus.getByRole('heading', { name: 'Polisi pembatalan' }).waitFor();
    await urus.getByRole('button', { name: 'Batalkan janji temu saya' }).click();
    const ask = page.getByRole('dialog', { name: 'Batalkan janji temu ini?' });
    await ask.getByLabel('Mengapa anda membatalkan? (pilihan)').fill('Saya sudah berasa lebih baik.');
    await expectNoViolations(page, 'cancel confirmation in Malay');
    await screenshot(page, 'visitor-appointment-1280-cancel-ms');
    await ask.getByRole('button', { name: 'Ya, batalkannya' }).click();
    await urus.getByText('Dibatalkan', { exact: true }).waitFor();
    await urus.getByRole('link', { name: 'Tempah masa lain' }).waitFor();
    await urus.getByText('Befrienders', { exact: false }).first().waitFor();
    await page.setViewportSize(PHONE);
    await expectNoViolations(page, 'cancelled in Malay');
    await screenshot(page, 'visitor-appointment-390-cancelled-ms');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Booking again leads to the Malay screener, whose results the tab kept; at a laptop's width
    // too, back closes the sheet and forward reopens it with what was typed; a hold says so in Malay.
    await page.setViewportSize(DESK);
    await urus.getByRole('link', { name: 'Tempah masa lain' }).click();
    await page.getByRole('button', { name: 'Tempah sesi dengan Dr. Aisyah Rahman' }).click();
    const sesi = page.getByRole('dialog', { name: 'Dr. Aisyah Rahman' });
    await chooseFreeTime(sesi, 'last');
    await sesi.getByLabel('Nama penuh').fill(VISITOR.name);
    await page.goBack();
    await sesi.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Keputusan Anda' }).waitFor();
    await page.goForward();
    await sesi.waitFor();
    expect(await sesi.getByLabel('Nama penuh').inputValue()).toBe(VISITOR.name);
    await expectNoViolations(page, 'booking sheet reopened at 1280 px, in Malay');
    await screenshot(page, 'visitor-appointment-1280-sheet-reopened-ms');
    await sesi.getByLabel('E-mel').fill(VISITOR.email);
    await sesi.getByLabel('Nombor telefon').fill('012-345 6789');
    await sesi.getByRole('button', { name: 'Sahkan' }).click();
    const tahan = page.getByRole('dialog', { name: 'Semak e-mel anda untuk mengesahkan tempahan anda' });
    await tahan.getByText('Masa yang tinggal untuk mengesahkan:').waitFor();
    expect(await tahan.getByRole('timer').textContent()).toMatch(/^(30:00|29:\d\d)$/);
    await expectNoViolations(page, 'hold in Malay');
    await screenshot(page, 'visitor-appointment-390-hold-ms');

    // The clinic's owner reads the visitor's reason beside the cancelled appointment (decision 0054).
    await session.visit('/ms/admin/appointments');
    await page.getByText('Sebab pelawat membatalkan: “Saya sudah berasa lebih baik.”').waitFor();
    await expectNoViolations(page, 'appointments with a cancel reason, in Malay');
  });
});
