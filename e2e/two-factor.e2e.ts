import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from '../server/testing/smtp-capture';
import { expectNoViolations } from './support/axe';
import { screenshot } from './support/browser';
import { useBrowserSessionWithMail } from './support/mail';
import { invitationLinkIn, joinWithExistingAccount } from './support/invitation';
import { verifyOwnerEmail } from './support/owner-email';
import type { E2eSession } from './support/session';

const MEMBER = { username: 'klinik-dua-faktor', email: 'owner@dua-faktor.example', password: 'seri-kembangan-2026' };
const RECEPTIONIST = { email: 'farah@dua-faktor.example', username: 'farah-kaunter', password: 'kaunter-depan-2026' };

/**
 * What the member's authenticator app shows now, or `stepsAhead` 30-second steps later. Each
 * code is taken once, so turning on uses the current one and signing in the next step's.
 */
function appCode(key: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(key.replaceAll(' ', '')) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

async function signOut(session: E2eSession) {
  const response = await session.page.request.post(`${session.server.url}/api/logout`, { headers: { origin: session.server.url } });
  expect(response.ok()).toBe(true);
}

async function enterPassword(session: E2eSession) {
  const { page } = session;
  await session.visit('/login');
  await page.getByLabel('Username').fill(MEMBER.username);
  await page.getByLabel('Password').fill(MEMBER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Enter your sign-in code' }).waitFor();
}

/** Signs the member in with the password, then this recovery code, onto admin setup. */
async function signInWithRecoveryCode(session: E2eSession, code: string) {
  const { page } = session;
  await enterPassword(session);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/admin-setup');
}

const signedIn = async (session: E2eSession) => (await session.page.request.get(`${session.server.url}/api/me`)).status() === 200;

describe('two-factor sign-in in the browser', () => {
  const { session, mailsTo } = useBrowserSessionWithMail({ bypassCSP: true });
  let key = '';
  let recoveryCodes: string[] = [];

  it('turns it on from admin setup with the QR code’s key and a first code, and shows the recovery codes once', async () => {
    const { page } = session;
    const registered = await page.request.post(`${session.server.url}/api/register`, { data: MEMBER, headers: { origin: session.server.url } });
    expect(registered.status()).toBe(201);
    await session.visit('/admin/password-and-two-factor');
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByText('Off. Only your password protects this account.').waitFor();
    await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();

    await section.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    key = (await section.getByTestId('two-factor-key').textContent()) ?? '';
    expect(key).toMatch(/^[A-Z2-7 ]{32,}$/);
    await section.scrollIntoViewIfNeeded();
    await expectNoViolations(page, 'set-up');
    // The section alone: the full page is mostly the other sections of admin setup.
    await screenshot(section, 'two-factor-set-up');

    await section.getByLabel('2. Enter the 6-digit code the app shows').fill('000000');
    await section.getByRole('button', { name: 'Turn on', exact: true }).click();
    await section.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();
    await section.getByLabel('2. Enter the 6-digit code the app shows').fill(appCode(key));
    await section.getByRole('button', { name: 'Turn on', exact: true }).click();

    const codes = section.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    recoveryCodes = await codes.allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    expect(await section.getByRole('link', { name: 'Download codes' }).getAttribute('download')).toBe('minda-recovery-codes.txt');
    await section.getByText('On. Recovery codes left: 10.').waitFor();
    await expectNoViolations(page, 'recovery codes');
    await screenshot(section, 'two-factor-recovery-codes');
    await section.getByRole('button', { name: 'I have saved them' }).click();
    expect(await codes.count()).toBe(0);
  });

  it('signs in with the password and then a code from the app', async () => {
    const { page } = session;
    await signOut(session);
    await enterPassword(session);
    expect(await signedIn(session)).toBe(false);
    await expectNoViolations(page, 'code step');
    await screenshot(page, 'two-factor-code-step');

    await page.getByLabel('Authentication code').fill(appCode(key, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/admin-setup');
    expect(await signedIn(session)).toBe(true);
    // Judged once drawn, not while its screen still loads.
    await page.getByRole('heading', { name: 'Admin Setup', level: 1 }).waitFor();
    await expectNoViolations(page, 'signed in with a code');
  });

  it('signs in with a recovery code, which works only once', async () => {
    const { page } = session;
    await signOut(session);
    await enterPassword(session);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await expectNoViolations(page, 'recovery code step');
    await screenshot(page, 'two-factor-recovery-step');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/admin-setup');
    await session.visit('/admin/password-and-two-factor');
    await page.getByRole('region', { name: 'Two-factor sign-in' }).getByText('On. Recovery codes left: 9.').waitFor();
    await expectNoViolations(page, 'signed in with a recovery code');

    await signOut(session);
    await enterPassword(session);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'That code is not right, or it was already used.' }).waitFor();
    expect(await signedIn(session)).toBe(false);
    await screenshot(page, 'two-factor-recovery-code-used');
  });

  it('the owner requires it of the clinic; an invited member is led to set it up before anything else', async () => {
    const { page } = session;
    const post = (path: string, data: object) => page.request.post(`${session.server.url}${path}`, { headers: { origin: session.server.url }, data });
    await signInWithRecoveryCode(session, recoveryCodes[1]!);
    await session.visit('/admin/team');
    const team = page.getByRole('region', { name: 'Team' });
    await team.getByRole('switch', { name: 'Require two-factor sign-in of every member' }).click();
    await page.getByText('Two-factor sign-in is now required of every member.').waitFor();
    expect(await team.getByRole('switch', { name: 'Require two-factor sign-in of every member' }).isChecked()).toBe(true);
    await expectNoViolations(page, 'the requirement switched on');
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await screenshot(team, 'two-factor-required-of-the-team');

    await verifyOwnerEmail(page, mailsTo, MEMBER.email);
    expect((await post('/api/members', { email: RECEPTIONIST.email, role: 'receptionist' })).status()).toBe(201);
    await expect.poll(() => mailsTo(RECEPTIONIST.email).length, { timeout: 20_000 }).toBe(1);
    const token = /invitation\?token=([\w%-]+)/.exec(decodeQuotedPrintable(mailsTo(RECEPTIONIST.email)[0]!.raw))![1]!;
    await signOut(session);
    const joined = await post(`/api/invitations/${token}/accept`, { account: 'new', username: RECEPTIONIST.username, password: RECEPTIONIST.password });
    expect(joined.status(), await joined.text()).toBe(201);

    // Signed in, but held to the set-up: the page is that section alone, with the reason.
    await session.visit('/admin-setup');
    await page.getByText('This clinic requires two-factor sign-in. Turn yours on below to open the rest of the admin page.').waitFor();
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByText('Off. Only your password protects this account.').waitFor();
    expect(await page.getByRole('region', { name: 'Today' }).count()).toBe(0);
    expect((await page.request.get(`${session.server.url}/api/appointments`)).status()).toBe(403);
    await expectNoViolations(page, 'held to the set-up');
    await screenshot(page, 'two-factor-required-set-up');

    await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const memberKey = (await section.getByTestId('two-factor-key').textContent()) ?? '';
    await section.getByLabel('2. Enter the 6-digit code the app shows').fill(appCode(memberKey));
    await section.getByRole('button', { name: 'Turn on', exact: true }).click();
    // The recovery codes stay on screen until put away; then the rest of the page opens.
    await section.getByRole('list', { name: 'Your recovery codes' }).waitFor();
    expect(await page.getByRole('region', { name: 'Today' }).count()).toBe(0);
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByRole('region', { name: 'Today' }).waitFor();
    expect(await page.getByText('This clinic requires two-factor sign-in.').count()).toBe(0);
  });

  it('an account with it on joins another clinic from the invitation page: the password, then a code', async () => {
    const { page } = session;
    const post = (path: string, data: object) => page.request.post(`${session.server.url}${path}`, { headers: { origin: session.server.url }, data });
    await page.context().clearCookies();
    // Another clinic signs up and invites the member as its admin.
    expect((await post('/api/register', { username: 'klinik-kedua', email: 'owner@kedua.example', password: 'bandar-baru-kedua-9' })).status()).toBe(201);
    await verifyOwnerEmail(page, mailsTo, 'owner@kedua.example');
    const mailsBefore = mailsTo(MEMBER.email).length;
    expect((await post('/api/members', { email: MEMBER.email, role: 'admin' })).status()).toBe(201);
    await expect.poll(() => mailsTo(MEMBER.email).length, { timeout: 20_000 }).toBe(mailsBefore + 1);
    const link = invitationLinkIn(mailsTo(MEMBER.email).at(-1)!);
    await page.context().clearCookies();

    await joinWithExistingAccount(page, link, MEMBER);
    await page.getByRole('heading', { name: 'Enter your sign-in code' }).waitFor();
    expect(await signedIn(session)).toBe(false);
    await expectNoViolations(page, 'the invitation’s code step');
    await screenshot(page, 'two-factor-invitation-code-step');

    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[2]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/admin-setup');
    const switcher = page.getByRole('combobox', { name: 'Clinic' });
    await switcher.waitFor();
    expect(await switcher.locator('option').count()).toBe(2);
    expect(await switcher.locator('option:checked').textContent()).toContain('Admin');
  });

  it('turns it off by keyboard only with a code: not with the password, with a recovery code', async () => {
    const { page } = session;
    await signInWithRecoveryCode(session, recoveryCodes[3]!);
    await session.visit('/admin/password-and-two-factor');
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    await dialog.getByText('Your password alone is not enough.', { exact: false }).waitFor();
    expect(await dialog.getByLabel('Password').count()).toBe(0);

    // The password typed where the code goes is refused as no code at all.
    await dialog.getByLabel('Code from your app, or a recovery code').fill(MEMBER.password);
    await page.keyboard.press('Enter');
    await dialog.getByText('must be the 6-digit code from your authenticator app or a recovery code', { exact: false }).waitFor();
    await dialog.getByLabel('Code from your app, or a recovery code').fill('000000');
    await page.keyboard.press('Enter');
    await dialog.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();
    await expectNoViolations(page, 'turning off');
    await screenshot(dialog, 'two-factor-turn-off');

    await dialog.getByLabel('Code from your app, or a recovery code').fill(recoveryCodes[4]!);
    await page.keyboard.press('Enter');
    await section.getByText('Off. Only your password protects this account.').waitFor();
    expect(await dialog.count()).toBe(0);
  });
});
