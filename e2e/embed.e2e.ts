import { createServer, type Server } from 'node:http';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { connectDatabase } from '../db/connect';
import { fakeStripeEnv, type FakeStripe, startFakeStripe } from '../server/testing/fake-stripe';
import { deliverStripeEvent } from '../server/testing/stripe-events';
import { signIn } from './support/admin';
import { expectNoViolations } from './support/axe';
import { chooseFreeTime } from './support/booking-steps';
import { screenshot } from './support/browser';
import { connectDemoClinic } from './support/demo-clinic-payments';
import { routeStripeToFake } from './support/fake-stripe-js';
import { answerDass21, consent, DASS_LABELS } from './support/screener-steps';
import { useBrowserSession } from './support/session';

const WIDTHS = [390, 1280] as const;
const CLINIC_COLOUR = '#1d4ed8';
const CLINIC_RGB = 'rgb(29, 78, 216)';
// The window as the visitor sees it: a full-page capture stretches it, and an open pop-up with it.
const inWindowScreenshot = (page: Page, name: string) => screenshot(page, name, { fullPage: false });

/** Where an element of the screener stands in the clinic's window: frames are measured from it. */
async function topInWindow(element: Locator): Promise<number> {
  return (await element.boundingBox())!.y;
}

describe("a clinic's own site embedding the screener with one script tag", () => {
  // Stripe's API faked (the machine is offline): the last journey pays inside the embed.
  let stripeApi: FakeStripe;
  beforeAll(async () => {
    stripeApi = await startFakeStripe();
  });
  afterAll(() => stripeApi.stop());
  const session = useBrowserSession({ serverEnv: () => fakeStripeEnv(stripeApi) });
  let clinicSite: Server;
  let clinicUrl: string;

  beforeAll(async () => {
    // Another origin (another port) playing the clinic's website: its header, the tag, a long
    // footer, and a record of the events the screener gives it.
    clinicSite = createServer((req, res) => {
      const attributes = new URL(req.url!, 'http://clinic').searchParams.get('tag') ?? '';
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><html lang="en"><head><title>Klinik Minda</title>
        <script>
          window.mindaEvents = [];
          ['minda:completed', 'minda:booked'].forEach(function (name) {
            window.addEventListener(name, function (event) { mindaEvents.push({ type: event.type, detail: event.detail }); });
          });
        </script></head>
        <body style="margin:0;font-family:sans-serif">
        <header style="height:300px"><h1>Klinik Minda – Check in with yourself</h1></header>
        <main><script src="${session.server.url}/embed.js" data-screener="klinik-minda" ${attributes} async></script></main>
        <footer id="after" style="height:1500px">Clinic footer</footer>
      </body></html>`);
    });
    await new Promise<void>((resolve) => clinicSite.listen(0, '127.0.0.1', resolve));
    clinicUrl = `http://localhost:${(clinicSite.address() as { port: number }).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => clinicSite.close(() => resolve())));

  const visitClinic = (attributes = '') => session.page.goto(`${clinicUrl}?tag=${encodeURIComponent(attributes)}`);

  async function openInlineScreener(page: Page, attributes = ''): Promise<{ frameElement: Locator; frame: FrameLocator }> {
    await visitClinic(attributes);
    const frameElement = page.locator('iframe');
    await frameElement.waitFor();
    return { frameElement, frame: page.frameLocator('iframe') };
  }

  const scrollClinicPageToBottom = (page: Page) => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

  it('frames the Malay screener where the tag stands and grows and shrinks with its content', async () => {
    const { page } = session;
    await visitClinic('data-lang="ms"');
    const frameElement = page.locator('iframe[title="Saringan kesihatan mental"]');
    await frameElement.waitFor();
    const frame = page.frameLocator('iframe[title="Saringan kesihatan mental"]');
    await frame.getByRole('heading', { name: 'Sebelum Kita Bermula' }).waitFor();

    const frameHeight = async () => (await frameElement.boundingBox())!.height;
    const contentHeight = () =>
      frame.locator('body').evaluate((body) => Math.ceil(body.getBoundingClientRect().height));
    await expect.poll(async () => Math.abs((await frameHeight()) - (await contentHeight()))).toBeLessThanOrEqual(1);
    const consentHeight = await frameHeight();
    expect(consentHeight).toBeGreaterThan(480);

    await frame.getByRole('button', { name: '16 tahun ke atas' }).click();
    await frame.getByRole('button', { name: 'Saya faham dan bersetuju untuk meneruskan' }).click();
    await frame.getByText('1 daripada 21', { exact: true }).waitFor();
    await expect.poll(frameHeight).toBeLessThan(consentHeight);
    await expect.poll(async () => Math.abs((await frameHeight()) - (await contentHeight()))).toBeLessThanOrEqual(1);
    // The clinic's own content still follows the frame.
    expect(await page.locator('#after').isVisible()).toBe(true);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(async () => Math.abs((await frameHeight()) - (await contentHeight()))).toBeLessThanOrEqual(1);
      await screenshot(page, `embedded-screener-${width}`);
    }
  });

  it('offers no Admin Login inside the clinic’s page (issue 26), and the language switch stays in the frame', async () => {
    const { page } = session;
    const { frame } = await openInlineScreener(page);
    await frame.getByRole('heading', { name: 'Before We Begin' }).waitFor();
    // Links that leave the screener still open a new tab (src/lib/start-embedding.test.ts).
    expect(await frame.getByRole('link', { name: 'Admin Login' }).count()).toBe(0);

    await frame.getByRole('link', { name: 'Baca dalam Bahasa Melayu' }).click();
    await frame.getByRole('heading', { name: 'Sebelum Kita Bermula' }).waitFor();
    expect(page.context().pages()).toHaveLength(1);
  });

  it("brings each new step and dialog into the clinic's view and tells the page of the completion and the booking, without scores or details", async () => {
    const { page } = session;
    const { frameElement, frame } = await openInlineScreener(page);
    const windowHeight = page.viewportSize()!.height;
    const inView = async (element: Locator) => {
      const top = await topInWindow(element);
      return top >= 0 && top < windowHeight;
    };
    // At the window's top edge: moving focus alone would leave it wherever the heading's scroll puts it.
    const atTop = async (element: Locator) => Math.abs(await topInWindow(element)) <= 1;
    await frame.getByRole('button', { name: '16 or older' }).click();

    // The visitor has scrolled the clinic's page on; the next step brings the frame's top back.
    // (dispatchEvent: a click by Playwright would scroll to the button first.)
    await scrollClinicPageToBottom(page);
    expect(await topInWindow(frameElement)).toBeLessThan(0);
    await frame.getByRole('button', { name: 'I understand and consent to continue' }).dispatchEvent('click');
    await frame.getByText('1 of 21', { exact: true }).waitFor();
    await expect.poll(() => atTop(frameElement)).toBe(true);

    await answerDass21(frame, () => 0, 1, 20);
    await frame.getByText('21 of 21', { exact: true }).waitFor();
    await scrollClinicPageToBottom(page);
    await frame.getByRole('button', { name: DASS_LABELS[0] }).dispatchEvent('click');
    const results = frame.getByRole('heading', { name: 'Your Results' });
    await results.waitFor();
    await expect.poll(() => atTop(frameElement)).toBe(true);
    expect(await inView(results)).toBe(true);

    // The screener's own events, re-dispatched on the clinic's page with these fields only.
    await expect.poll(() => page.evaluate(() => (window as unknown as { mindaEvents: unknown[] }).mindaEvents)).toEqual([
      { type: 'minda:completed', detail: { screener: 'klinik-minda', testType: 'DASS-21' } },
    ]);

    // A dialog opened from the top of the tall results frame shows where its box is drawn;
    // closed, the control that opened it is in view again.
    await page.evaluate(() => window.scrollTo(0, 0));
    const needHelp = frame.getByRole('button', { name: 'Need help now?' });
    await needHelp.click();
    const helpTitle = frame.getByRole('dialog', { name: 'Need help now?' }).getByRole('heading', { name: 'Need help now?' });
    await helpTitle.waitFor();
    await expect.poll(() => inView(helpTitle)).toBe(true);
    await inWindowScreenshot(page, 'embedded-dialog-in-view');
    await page.keyboard.press('Escape');
    await expect.poll(() => needHelp.evaluate((button) => button === document.activeElement)).toBe(true);
    await expect.poll(() => inView(needHelp)).toBe(true);

    const booking = frame.getByRole('region', { name: 'Book an Appointment' });
    await booking.getByRole('button', { name: 'Book a session with Dr. Aisyah Rahman' }).click();
    const dialog = frame.getByRole('dialog', { name: 'Dr. Aisyah Rahman' });
    await expect.poll(() => inView(dialog.getByRole('heading', { name: 'Dr. Aisyah Rahman' }))).toBe(true);
    await chooseFreeTime(dialog);
    await dialog.getByLabel('Full name').fill('Nurul Huda');
    await dialog.getByLabel('Email').fill('nurul@example.my');
    await dialog.getByLabel('Phone number').fill('012-345 6789');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await frame.getByRole('dialog', { name: 'Booking Received!' }).waitFor();
    await expect.poll(() => page.evaluate(() => (window as unknown as { mindaEvents: unknown[] }).mindaEvents)).toEqual([
      { type: 'minda:completed', detail: { screener: 'klinik-minda', testType: 'DASS-21' } },
      { type: 'minda:booked', detail: { screener: 'klinik-minda', status: 'requested' } },
    ]);
  });

  it('offers a pop-up instead: a floating button opens the screener in a dialog that the keyboard opens and closes', async () => {
    const { page } = session;
    // The clinic's colour (white-label.e2e.ts sets it through admin setup) reaches its button on the clinic's page.
    await signIn(session);
    const configuration = await page.request.get(`${session.server.url}/api/configuration`);
    const saved = await page.request.put(`${session.server.url}/api/configuration`, {
      data: { ...(await configuration.json()), primaryColor: CLINIC_COLOUR },
      headers: { origin: session.server.url },
    });
    expect(saved.status()).toBe(200);
    await visitClinic('data-mode="popup" data-button-text="Check in with us"');
    const button = page.getByRole('button', { name: 'Check in with us' });
    await button.waitFor();
    await expect.poll(() => button.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(CLINIC_RGB);
    // Nothing is framed until the visitor asks for it.
    expect(await page.locator('iframe').getAttribute('src')).toBeNull();

    const popup = page.getByRole('dialog', { name: 'Mental health screener' });
    const focused = (element: Locator) => element.evaluate((node) => node === document.activeElement);
    const closeButton = popup.getByRole('button', { name: 'Close' });
    await button.focus();
    await page.keyboard.press('Enter');
    await popup.waitFor();
    expect(await focused(closeButton)).toBe(true);
    expect(await popup.getAttribute('aria-modal')).toBe('true');
    await page.frameLocator('iframe').getByRole('heading', { name: 'Before We Begin' }).waitFor();

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const box = (await popup.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(await closeButton.evaluate((element) => getComputedStyle(element).color)).toBe(CLINIC_RGB);
      await expectNoViolations(page, `the popup at ${width} px`);
      await inWindowScreenshot(page, `embedded-popup-${width}`);
    }

    // Escape on the clinic's page closes it, and focus goes back to the button.
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'hidden' });
    expect(await focused(button)).toBe(true);

    // Escape inside the screener's frame too, where the clinic's page cannot hear it.
    await page.keyboard.press('Enter');
    await popup.waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page.locator('iframe'))).toBe(true);
    // The screener kept its place while closed: the same frame, still on its first step.
    await page.frameLocator('iframe').getByRole('heading', { name: 'Before We Begin' }).waitFor();
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'hidden' });
    expect(await focused(button)).toBe(true);

    // Its Close button closes it as well.
    await page.keyboard.press('Enter');
    await closeButton.click();
    await popup.waitFor({ state: 'hidden' });
    expect(await focused(button)).toBe(true);
    await screenshot(page, 'embedded-popup-closed');
  });

  it('tells the pop-up’s page of a completed screening too, and a screener dialog takes Escape for itself', async () => {
    const { page } = session;
    await visitClinic('data-mode="popup"');
    // Without data-button-text, the button says what the dialog is.
    await page.getByRole('button', { name: 'Mental health screener' }).click();
    const popup = page.getByRole('dialog', { name: 'Mental health screener' });
    const frame = page.frameLocator('iframe');
    await frame.getByRole('button', { name: 'Need help now?' }).click();
    const help = frame.getByRole('dialog', { name: 'Need help now?' });
    await help.waitFor();
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
    expect(await popup.isVisible()).toBe(true);

    await consent(frame, '16 or older');
    await answerDass21(frame, () => 0);
    await frame.getByRole('heading', { name: 'Your Results' }).waitFor();
    await expect.poll(() => page.evaluate(() => (window as unknown as { mindaEvents: unknown[] }).mindaEvents)).toEqual([
      { type: 'minda:completed', detail: { screener: 'klinik-minda', testType: 'DASS-21' } },
    ]);
  });

  // Last: from here on the demo clinic asks payment at booking.
  it("pays inside the embed through a pop-up of Minda's own page, and the frame shows the booking once Stripe's webhook moves it, without a reload", async () => {
    const { page } = session;
    const database = connectDatabase(session.server.databaseUrl);
    try {
      await connectDemoClinic(database, stripeApi, { mode: 'full', deposit: null, lateCancel: { keeps: 'nothing' } });
    } finally {
      await database.db.destroy();
    }
    // The pop-up is another page of the context: Stripe is faked for it too.
    await routeStripeToFake(page.context(), stripeApi);
    const { frame } = await openInlineScreener(page);
    // Read again at the end: the frame was never reloaded.
    await frame.locator('body').evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await consent(frame, '16 or older');
    await answerDass21(frame, () => 0);
    await frame.getByRole('button', { name: 'Book a session with Dr. Aisyah Rahman' }).click();
    const dialog = frame.getByRole('dialog', { name: 'Dr. Aisyah Rahman' });
    // The last time: the earlier journey booked the first.
    await chooseFreeTime(dialog, 'last');
    await dialog.getByLabel('Full name').fill('Nurul Huda');
    await dialog.getByLabel('Email').fill('nurul@example.my');
    await dialog.getByLabel('Phone number').fill('012-345 6789');
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    // The frame shows the hold, its time and the amount, and no Stripe form of its own.
    await dialog.getByText('To pay now: RM150.00').waitFor();
    await dialog.getByRole('timer').waitFor();
    expect(await dialog.getByRole('form', { name: 'Pay for your session' }).count()).toBe(0);
    await inWindowScreenshot(page, 'embedded-payment-hold');
    const opened = page.context().waitForEvent('page');
    await dialog.getByRole('button', { name: 'Pay RM150.00' }).click();
    const popup = await opened;
    await dialog.getByText('Finish paying in the new window.', { exact: false }).waitFor();

    // Minda's own page, top-level on its origin; the hold's token came in the fragment and left the address bar.
    const payForm = popup.getByRole('form', { name: 'Pay for your session' });
    await payForm.getByLabel('Card number').waitFor();
    const address = new URL(popup.url());
    expect(address.origin).toBe(session.server.url);
    expect(address.pathname).toMatch(/^\/booking-payment\/[\w-]+$/);
    expect(address.search).toBe('');
    expect(address.hash).toBe('');
    await inWindowScreenshot(popup, 'embedded-payment-popup');
    await payForm.getByRole('button', { name: 'Pay RM150.00' }).click();
    await popup.getByText('Payment received.', { exact: false }).waitFor();

    // Stripe's signed webhook books the hold; the frame, which kept polling, shows it as the clinic will see it.
    const succeeded = () => stripeApi.payments.events.filter((event) => event.type === 'payment_intent.succeeded');
    await expect.poll(() => succeeded().length).toBe(1);
    expect(await frame.getByRole('dialog', { name: 'Booking Received!' }).count()).toBe(0);
    expect((await deliverStripeEvent(session.server.url, succeeded()[0] as unknown as Stripe.Event)).status).toBe(200);
    await frame.getByRole('dialog', { name: 'Booking Received!' }).waitFor();
    await popup.getByRole('dialog', { name: 'Booking Received!' }).waitFor();
    expect(await frame.locator('body').evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await expect.poll(() => page.evaluate(() => (window as unknown as { mindaEvents: unknown[] }).mindaEvents)).toEqual([
      { type: 'minda:completed', detail: { screener: 'klinik-minda', testType: 'DASS-21' } },
      { type: 'minda:booked', detail: { screener: 'klinik-minda', status: 'requested' } },
    ]);
    await inWindowScreenshot(page, 'embedded-payment-booked');
  });
});
