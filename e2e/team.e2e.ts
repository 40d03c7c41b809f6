import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fetchProofOfWork } from '../server/testing/booking-challenge-solver';
import { DEMO_OPERATOR } from '../db/seed-demo';
import { openAdminSetup, signIn } from './support/admin';
import { expectNoViolations } from './support/axe';
import { screenshot } from './support/browser';
import { invitationLinkIn, joinWithExistingAccount } from './support/invitation';
import { useBrowserSessionWithMail } from './support/mail';
import { verifyOwnerEmail } from './support/owner-email';

const INVITEE = { email: 'aisyah.rahman@example.my', username: 'aisyah', password: 'tenang-dan-teratur-7' };

/** The page at a phone's width and a desktop's, in one picture each. */
async function screenshotsAtBothWidths(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, `${name}-${width}`);
  }
}

// The journeys follow one another on one server: each starts where the one before left the team.
describe('the clinic team', () => {
  const { session, mailsTo } = useBrowserSessionWithMail({ bypassCSP: true });

  /** A visitor's booking through the public API with the psychologist's first free slot. */
  async function bookWith(page: Page, psychologistName: string, clientName: string) {
    const api = (path: string) => page.request.get(`${session.server.url}${path}`);
    const psychologists = (await (await api('/api/public/psychologists?slug=klinik-minda')).json()) as { id: string; name: string }[];
    const psychologist = psychologists.find((p) => p.name === psychologistName)!;
    const slots = (await (await api(`/api/public/availability?slug=klinik-minda&psychologistId=${psychologist.id}`)).json()) as { id: string }[];
    const booked = await page.request.post(`${session.server.url}/api/public/appointments`, {
      headers: { origin: session.server.url },
      data: {
        slug: 'klinik-minda',
        psychologistId: psychologist.id,
        slotId: slots.at(-1)!.id,
        clientName,
        clientEmail: `${clientName.split(' ')[0]!.toLowerCase()}@example.my`,
        clientPhone: '012-345 6789',
        clientTimezone: 'Asia/Kuala_Lumpur',
        proofOfWork: await fetchProofOfWork(session.server.url, 'klinik-minda'),
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
  }

  it('an owner invites a psychologist, who joins with a new account and sees only their own appointments', async () => {
    const { page } = session;
    await bookWith(page, 'Dr. Aisyah Rahman', 'Nur Hana');
    await bookWith(page, 'Daniel Tan', 'Kumar Raj');

    // The owner invites Dr. Aisyah as the psychologist of her profile.
    await signIn(session);
    await openAdminSetup(session, '/admin/team');
    const team = page.getByRole('region', { name: 'Team' });
    await team.getByText('demo@minda.example').waitFor();
    const invite = team.getByRole('form', { name: 'Invite someone' });
    await invite.getByLabel('E-mail address').fill(INVITEE.email);
    await invite.getByLabel('Role').selectOption('psychologist');
    await invite.getByLabel('Psychologist profile').selectOption({ label: 'Dr. Aisyah Rahman' });
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`The invitation was sent to ${INVITEE.email}.`).waitFor();
    await team.getByRole('button', { name: `Revoke the invitation to ${INVITEE.email}` }).waitFor();
    await expectNoViolations(page, 'the owner invited a psychologist');
    await screenshotsAtBothWidths(page, 'team-invited');

    // The mail carries the link; the invitee opens it signed out.
    await expect.poll(() => mailsTo(INVITEE.email).length, { timeout: 20_000 }).toBe(1);
    const link = invitationLinkIn(mailsTo(INVITEE.email)[0]!);
    await page.context().clearCookies();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Join the clinic' }).waitFor();
    // The page says who sent the invitation and the role it offers, as the mail does.
    await page.getByText(new RegExp(`^${DEMO_OPERATOR.username} invited you to join “.+” as Psychologist\\.$`)).waitFor();
    await page.getByRole('radio', { name: 'Create a username and password' }).check();
    await page.getByLabel('Username', { exact: true }).fill(INVITEE.username);
    await page.getByLabel('Password', { exact: true }).fill(INVITEE.password);
    await expectNoViolations(page, 'the invitation page');
    await screenshotsAtBothWidths(page, 'team-accept');
    await page.getByRole('button', { name: 'Create account and join' }).click();
    await page.waitForURL('**/admin-setup');

    // She sees her own inbox and schedule, and nothing she may not use.
    await page.getByText(`Signed in as ${INVITEE.username}`).waitFor();
    await session.visit('/admin/appointments');
    const inbox = page.getByRole('region', { name: 'Appointments' });
    await inbox.getByText('Nur Hana').waitFor();
    expect(await inbox.getByText('Kumar Raj').count()).toBe(0);
    const menu = page.getByRole('navigation', { name: 'Sections of admin setup' });
    // On a phone the menu opens from its button. Her one request waits, not her colleague's.
    await page.setViewportSize({ width: 390, height: 844 });
    await menu.getByRole('button', { name: 'Menu' }).click();
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Today', 'Schedule', 'Appointments1 1 waiting for your answer', 'Password and two-factor']);
    for (const hidden of ['Team', 'Audit log', 'Booking Settings']) expect(await page.getByRole('region', { name: hidden }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Export/ }).count()).toBe(0);
    await expectNoViolations(page, 'the psychologist’s admin page');
    await screenshotsAtBothWidths(page, 'team-psychologist');
  });

  it('the psychologist joins a second clinic with the account she has, and switches between the two from the header', async () => {
    const { page } = session;
    const post = (path: string, data: object) => page.request.post(`${session.server.url}${path}`, { headers: { origin: session.server.url }, data });
    // Another clinic signs up and invites her as its receptionist.
    expect((await post('/api/register', { username: 'klinikdua', email: 'owner@klinikdua.example', password: 'dua-klinik-baharu-8' })).status()).toBe(201);
    // Until its owner confirms their address, the new clinic may invite nobody.
    expect((await post('/api/members', { email: INVITEE.email, role: 'receptionist' })).status()).toBe(403);
    // The sign-up's mail first: were both mails still waiting in the outbox, one pass would send
    // them at once, in either order, and the older link (no longer valid) might come last.
    await expect.poll(() => mailsTo('owner@klinikdua.example').length, { timeout: 20_000 }).toBe(1);
    // The Team section says why, and mails the link again on request.
    await session.visit('/admin/team');
    const team = page.getByRole('region', { name: 'Team' });
    await team.getByRole('heading', { name: 'Confirm your e-mail address first' }).waitFor();
    expect(await team.getByRole('form', { name: 'Invite someone' }).count()).toBe(0);
    await team.getByRole('button', { name: 'Send the link again' }).click();
    await team.getByText('A new link was sent to owner@klinikdua.example. Earlier links no longer work.').waitFor();
    await expectNoViolations(page, 'an owner yet to confirm their e-mail');
    await screenshotsAtBothWidths(page, 'team-confirm-email-first');
    await expect.poll(() => mailsTo('owner@klinikdua.example').length, { timeout: 20_000 }).toBe(2);
    await verifyOwnerEmail(page, mailsTo, 'owner@klinikdua.example');
    expect((await post('/api/members', { email: INVITEE.email, role: 'receptionist' })).status()).toBe(201);
    await expect.poll(() => mailsTo(INVITEE.email).length, { timeout: 20_000 }).toBe(2);
    const link = invitationLinkIn(mailsTo(INVITEE.email)[1]!);
    await page.context().clearCookies();

    await joinWithExistingAccount(page, link, INVITEE);
    await page.waitForURL('**/admin-setup');

    // She lands in the clinic she joined, where nobody has booked yet.
    const switcher = page.getByRole('combobox', { name: 'Clinic' });
    await switcher.waitFor();
    const labels = await switcher.locator('option').allTextContents();
    expect(labels).toHaveLength(2);
    expect(await switcher.locator('option:checked').textContent()).toContain('Receptionist');
    await session.visit('/admin/appointments');
    await switcher.waitFor();
    const inbox = page.getByRole('region', { name: 'Appointments' });
    await inbox.waitFor();
    expect(await inbox.getByText('Nur Hana').count()).toBe(0);
    await expectNoViolations(page, 'a member of two clinics');
    await screenshotsAtBothWidths(page, 'team-two-clinics');

    await switcher.selectOption({ label: labels.find((label) => label.includes('Psychologist'))! });
    await page.getByText('You are now working in', { exact: false }).waitFor();
    await page.getByRole('region', { name: 'Appointments' }).getByText('Nur Hana').waitFor();
    expect(await page.getByRole('combobox', { name: 'Clinic' }).locator('option:checked').textContent()).toContain('Psychologist');
    await expectNoViolations(page, 'switched to the first clinic');

    // Billing is the owner's: the subscribe page sends her back to her admin page.
    await session.visit('/subscribe');
    await page.waitForURL('**/admin-setup');
  });

  it('the owner changes her role, then removes her after a confirmation', async () => {
    const { page } = session;
    await signIn(session);
    await session.visit('/admin/team');
    const team = page.getByRole('region', { name: 'Team' });
    const row = team.getByRole('listitem').filter({ hasText: INVITEE.email });
    await row.getByText('Psychologist profile: Dr. Aisyah Rahman').waitFor();

    const roleForm = row.getByRole('form', { name: `Change the role of ${INVITEE.username}` });
    await roleForm.getByLabel('Role').selectOption('receptionist');
    await roleForm.getByRole('button', { name: 'Save role' }).click();
    await page.getByText('The role was changed.').waitFor();
    expect(await row.getByText('Psychologist profile').count()).toBe(0);

    await row.getByRole('button', { name: `Remove ${INVITEE.username} from the team` }).click();
    const confirm = page.getByRole('dialog', { name: `Remove ${INVITEE.username}?` });
    await confirm.getByText('will be signed out of this clinic at once', { exact: false }).waitFor();
    await expectNoViolations(page, 'asked before removing a member');
    await screenshotsAtBothWidths(page, 'team-remove');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page.getByText(`${INVITEE.username} was removed from the team.`).waitFor();
    expect(await team.getByText(INVITEE.email).count()).toBe(0);
  });
});
