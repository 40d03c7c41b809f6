import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoViolations } from './support/axe';
import { screenshot } from './support/browser';
import { useBrowserSession } from './support/session';
import { decodeQuotedPrintable, type SmtpCapture, startSmtpCapture } from '../server/testing/smtp-capture';

describe('operator accounts in the browser', () => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(() => smtp.stop());
  // bypassCSP only lets axe's script into the page.
  const session = useBrowserSession({ serverEnv: () => ({ SMTP_URL: smtp.url }), bypassCSP: true });

  const signedIn = async () => (await session.page.request.get(`${session.server.url}/api/me`)).status() === 200;

  /**
   * The owner signs up on another device, then signs in here and opens admin setup; `use` acts
   * and asks after the other device, which is closed after.
   */
  async function onTwoDevices(
    owner: { username: string; email: string; password: string },
    use: (otherDevice: { otherDeviceSignedIn: () => Promise<boolean>; signInOnOtherDevice: () => Promise<number> }) => Promise<void>,
  ) {
    const { page } = session;
    const otherDevice = await page.context().browser()!.newContext();
    const post = (device: typeof otherDevice, path: string) =>
      device.request.post(`${session.server.url}${path}`, { data: owner, headers: { origin: session.server.url } });
    try {
      expect((await post(otherDevice, '/api/register')).status()).toBe(201);
      expect((await post(page.context(), '/api/login')).status()).toBe(200);
      await session.visit('/admin-setup');
      await use({
        otherDeviceSignedIn: async () => (await otherDevice.request.get(`${session.server.url}/api/me`)).status() === 200,
        signInOnOtherDevice: async () => (await post(otherDevice, '/api/login')).status(),
      });
    } finally {
      await otherDevice.close();
    }
  }

  it('signs up, lands on admin setup, and is sent there again from /login and /signup', async () => {
    const { page } = session;
    await session.visit('/signup');
    await page.getByRole('button', { name: 'Create Account' }).click();
    expect(await page.getByText('Username is required').isVisible()).toBe(true);
    await page.getByLabel('Username').fill('klinik-baru');
    await page.getByLabel('Email').fill('owner@klinik-baru.example');
    await page.getByLabel('Password').fill('Password1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    expect(await page.getByText('This password is one of the most common ones.', { exact: false }).isVisible()).toBe(true);
    await page.getByLabel('Password').fill('seri-kembangan-2026');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/admin-setup');
    expect(await signedIn()).toBe(true);

    await session.visit('/login');
    await page.waitForURL('**/admin-setup');
    await session.visit('/signup');
    await page.waitForURL('**/admin-setup');
  });

  it('refuses a wrong password with the server message, then signs in', async () => {
    const { page } = session;
    await session.visit('/login');
    await page.getByLabel('Username').fill('demo');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
    expect(await signedIn()).toBe(false);
    await screenshot(page, 'login-failed');

    await page.getByLabel('Password').fill('minda-demo');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin-setup');
    expect(await signedIn()).toBe(true);
  });

  it('resets a forgotten password through the e-mailed link', async () => {
    const { page } = session;
    await session.visit('/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    expect(await page.getByText('Please enter a valid email address').isVisible()).toBe(true);

    await page.getByLabel('Email').fill('demo@minda.example');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    expect(await page.getByText('demo@minda.example', { exact: false }).first().isVisible()).toBe(true);
    expect(await page.getByText('The link will expire in 1 hour.').isVisible()).toBe(true);
    expect(await page.getByText('If an account exists with this email, a password reset link has been sent.').isVisible()).toBe(true);

    await expect.poll(() => smtp.messages.filter((m) => m.to.includes('demo@minda.example')).length, { timeout: 20_000 }).toBe(1);
    // The sign-up before mailed its owner the link that verifies their address: this is the demo's mail.
    const resetMail = smtp.messages.find((m) => m.to.includes('demo@minda.example'))!;
    const link = decodeQuotedPrintable(resetMail.raw).match(/https?:\/\/[^\s"<>]+\/reset-password\?token=[\w-]+/)?.[0];
    expect(link?.startsWith(`${session.server.url}/reset-password?token=`)).toBe(true);

    await page.goto(link!);
    await page.getByLabel('New Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm New Password').fill('different');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    expect(await page.getByText('Password must be at least 8 characters').isVisible()).toBe(true);
    expect(await page.getByText("Passwords don't match").isVisible()).toBe(true);

    await page.getByLabel('New Password', { exact: true }).fill('a-new-long-passphrase');
    await page.getByLabel('Confirm New Password').fill('a-new-long-passphrase');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { name: 'Password Reset Complete!' }).waitFor();
    expect(await page.getByText('Redirecting you to login...').isVisible()).toBe(true);
    await screenshot(page, 'reset-complete');
    await page.waitForURL('**/login', { timeout: 6000 });

    await page.getByLabel('Username').fill('demo');
    await page.getByLabel('Password').fill('a-new-long-passphrase');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin-setup');
    // The password-changed notice went out as well.
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes('demo@minda.example')).length).toBe(2);
  });

  it('signs out everywhere from the admin header, ending the session of every device', async () => {
    const { page } = session;
    const owner = { username: 'everywhere', email: 'everywhere@klinik.example', password: 'seri-kembangan-2027' };
    await onTwoDevices(owner, async ({ otherDeviceSignedIn }) => {
      await page.getByRole('button', { name: 'Sign out everywhere' }).click();
      await page.waitForURL('**/login');
      expect(await signedIn()).toBe(false);
      expect(await otherDeviceSignedIn()).toBe(false);
    });
  });

  it('changes the password by keyboard with the current one, keeping this session and ending the other device’s', async () => {
    const { page } = session;
    const owner = { username: 'changes-password', email: 'changes@klinik.example', password: 'seri-kembangan-2028' };
    const newPassword = 'bukit-bintang-2029';
    await onTwoDevices(owner, async ({ otherDeviceSignedIn, signInOnOtherDevice }) => {
      // The screen's former address still opens it (docs/decisions/0054).
      await session.visit('/admin/two-factor');
      await page.waitForURL('**/admin/password-and-two-factor');
      const section = page.getByRole('region', { name: 'Password', exact: true });
      await section.scrollIntoViewIfNeeded();

      // By keyboard: focus the first field, type, Tab on, Enter sends.
      await section.getByLabel('Current password').focus();
      await page.keyboard.type('not-my-password');
      await page.keyboard.press('Tab');
      await page.keyboard.type('short');
      await page.keyboard.press('Tab');
      await page.keyboard.type('short');
      await page.keyboard.press('Enter');
      await section.getByText('Password must be at least 8 characters').waitFor();

      await section.getByLabel('New password', { exact: true }).fill(newPassword);
      await section.getByLabel('Confirm new password').fill(newPassword);
      await section.getByLabel('Confirm new password').press('Enter');
      await section.getByText('This is not your current password.').waitFor();
      expect(await section.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');
      await expectNoViolations(page, 'change password refused');
      await screenshot(section, 'change-password-refused');

      await section.getByLabel('Current password').fill(owner.password);
      await section.getByLabel('Current password').press('Enter');
      await page.getByText('Your password has been changed. Every other device has been signed out.').waitFor();
      expect(await section.getByLabel('Current password').inputValue()).toBe('');
      await expectNoViolations(page, 'password changed');
      expect(await signedIn()).toBe(true);
      expect(await otherDeviceSignedIn()).toBe(false);
      expect(await signInOnOtherDevice()).toBe(401);
    });
  });

  it('explains a reset link without a token', async () => {
    const { page } = session;
    await session.visit('/reset-password');
    await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
    expect(await page.getByText('No reset token found in the URL. Please request a new password reset.').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Request New Password Reset' }).click();
    await page.waitForURL('**/forgot-password');
  });

  it('deletes a clinic only with its password in the dialog: a wrong one is refused readably, the right one deletes it and signs out', async () => {
    const { page } = session;
    const owner = { username: 'klinik-pergi', email: 'owner@klinik-pergi.example', password: 'tutup-akaun-2026' };
    expect((await page.request.post(`${session.server.url}/api/register`, { data: owner, headers: { origin: session.server.url } })).status()).toBe(201);
    await session.visit('/admin/account');
    await page.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the account and all its data?' });
    await dialog.getByText('There are no upcoming appointments to cancel.').waitFor();
    await dialog.getByLabel('Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete everything' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'That password is not right.' }).waitFor();
    expect(await signedIn()).toBe(true);
    await dialog.getByLabel('Password').fill(owner.password);
    await dialog.getByRole('button', { name: 'Delete everything' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await signedIn()).toBe(false);
    const login = await page.request.post(`${session.server.url}/api/login`, { data: owner, headers: { origin: session.server.url } });
    expect(login.status()).toBe(401);
  });
});

