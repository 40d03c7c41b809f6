import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { useBrowserSession } from './support/session';

describe("a clinic's own site embedding the screener with one script tag", () => {
  const session = useBrowserSession();
  let clinicSite: Server;
  let clinicUrl: string;

  beforeAll(async () => {
    // Another origin (another port) playing the clinic's website.
    clinicSite = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(`<!doctype html><html lang="en"><body style="margin:0">
        <h1>Klinik Minda – Check in with yourself</h1>
        <script src="${session.server.url}/embed.js" data-screener="klinik-minda" data-lang="ms" async></script>
        <p id="after">Clinic footer</p>
      </body></html>`);
    });
    await new Promise<void>((resolve) => clinicSite.listen(0, '127.0.0.1', resolve));
    clinicUrl = `http://localhost:${(clinicSite.address() as { port: number }).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => clinicSite.close(() => resolve())));

  it('frames the Malay screener where the tag stands and grows and shrinks with its content', async () => {
    const { page } = session;
    await page.goto(clinicUrl);
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
    await screenshot(page, 'embedded-screener');
  });
});
