import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateMembershipRole } from '../../db/repositories/memberships';
import { insertOperator, insertPsychologist, outboxEmailsTo } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { callerFor, CookieJar } from '../testing/caller';
import { sessionCookie, startTestApp, type TestApp } from '../testing/test-app';
import { translationsFor } from '../translations';
import { totpCodeAt } from '../two-factor/totp';
import { INVITATION_LIFETIME_MS } from './invitations';

const HOUR = 3_600_000;
let serial = 0;

describe.each(TEST_DIALECTS)('the clinic team on %s', (dialect) => {
  let t: TestApp;
  let clock: number | undefined;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    t.services.now = () => new Date(clock ?? Date.now());
  });
  afterAll(() => t.close());

  /** A clinic's owner, signed in, with a psychologist profile to invite someone to. */
  async function owner() {
    const clinic = await insertOperator(t.services.db);
    const psychologistId = await insertPsychologist(t.services.db, clinic.userId);
    const caller = callerFor(t.services, { jar: CookieJar.holding(await sessionCookie(t.services, clinic.userId)) });
    return { ...clinic, psychologistId, caller };
  }

  /** Invites an address and reads the link's token from the queued mail. */
  async function invite(from: Awaited<ReturnType<typeof owner>>, role: 'psychologist' | 'receptionist' = 'psychologist') {
    const email = `invitee-${++serial}-${Date.now()}@staff.example`;
    await from.caller.admin.members.invite({ email, role, psychologistId: role === 'psychologist' ? from.psychologistId : null });
    const mails = await outboxEmailsTo(t.services.db, email);
    const token = /invitation\?token=([\w-]+)/.exec(mails.at(-1)!.text)![1]!;
    return { email, token, mails };
  }

  it('mails a link that works once: the invitee sets a username and password and sees only their own profile', async () => {
    const clinic = await owner();
    const { email, token, mails } = await invite(clinic);
    expect(mails).toHaveLength(1);
    // The mail says who sent it and the role it offers (issue 26), besides the clinic and the link.
    expect(mails[0]!.text).toContain(`${clinic.username}, a member of that team, invited you to join it as Psychologist.`);
    expect(await t.services.db.selectFrom('invitations').select('token_hash').execute()).not.toContainEqual({ token_hash: token });

    // The page the link opens reads the same before anyone joins, by tRPC and by REST.
    const invitee = callerFor(t.services);
    const preview = { role: 'psychologist', inviter: clinic.username, clinic: expect.any(String) };
    await expect(invitee.auth.invitationPreview({ token })).resolves.toEqual(preview);
    const rest = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect([rest.statusCode, rest.json()]).toEqual([200, preview]);
    await expect(invitee.auth.invitationPreview({ token: 'not-a-token' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const username = `psy-${serial}`;
    await expect(invitee.auth.acceptInvitation({ token, account: 'new', username, password: 'a-long-password-1' })).resolves.toMatchObject({ username, email });
    await expect(invitee.admin.account.me()).resolves.toMatchObject({ role: 'psychologist', psychologistId: clinic.psychologistId, clinicId: clinic.userId });
    // The link reached the invited address: the new account's address counts as verified.
    const joined = await t.services.db.selectFrom('accounts').select('email_verified_at').where('username', '=', username).executeTakeFirstOrThrow();
    expect(joined.email_verified_at).not.toBeNull();
    await expect(invitee.admin.psychologists.list()).resolves.toEqual([expect.objectContaining({ id: clinic.psychologistId })]);
    await expect(invitee.admin.members.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });

    await expect(invitee.auth.invitationPreview({ token })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const again = callerFor(t.services);
    await expect(again.auth.acceptInvitation({ token, account: 'new', username: `${username}-2`, password: 'a-long-password-1' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const team = await clinic.caller.admin.members.list();
    expect(team.members.map((m) => m.role).sort()).toEqual(['owner', 'psychologist']);
    expect(team.invitations).toEqual([]);
  });

  it('refuses a link after its 72 hours, and a resent one works while the old one does not', async () => {
    const clinic = await owner();
    const { email, token } = await invite(clinic, 'receptionist');
    const accept = (link: string) =>
      callerFor(t.services).auth.acceptInvitation({ token: link, account: 'new', username: `late-${++serial}`, password: 'a-long-password-1' });
    clock = Date.now() + INVITATION_LIFETIME_MS + HOUR;
    try {
      await expect(accept(token)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    } finally {
      clock = undefined;
    }
    const [pending] = await t.services.db.selectFrom('invitations').select('id').where('email', '=', email).execute();
    const listed = (await clinic.caller.admin.members.list()).invitations;
    expect(listed).toEqual([expect.objectContaining({ id: pending!.id, email, expired: false })]);
    // A resend waits 10 minutes after the last mail.
    clock = Date.now() + 10 * 60_000;
    try {
      await clinic.caller.admin.members.resendInvitation({ id: pending!.id });
    } finally {
      clock = undefined;
    }
    const resent = (await outboxEmailsTo(t.services.db, email)).at(-1)!.text;
    expect(resent).toContain(`${clinic.username}, a member of that team, invited you to join it as Receptionist.`);
    const renewed = /invitation\?token=([\w-]+)/.exec(resent)![1]!;
    expect(renewed).not.toBe(token);
    await expect(accept(token)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(accept(renewed)).resolves.toMatchObject({ email });
  });

  it('asks an account with two-factor sign-in on for its code before it joins, as a sign-in would', async () => {
    const first = await owner();
    const second = await owner();
    const person = callerFor(t.services);
    const username = `guarded-${++serial}`;
    await person.auth.acceptInvitation({ token: (await invite(first)).token, account: 'new', username, password: 'a-long-password-1' });
    const { secret } = await person.admin.twoFactor.setup();
    await person.admin.twoFactor.enable({ code: totpCodeAt(secret, new Date()) });

    const link = (await invite(second)).token;
    const joiner = callerFor(t.services);
    const join = (code?: string) => joiner.auth.acceptInvitation({ token: link, account: 'existing', username, password: 'a-long-password-1', code });
    await expect(join()).rejects.toMatchObject({ code: 'BAD_REQUEST', described: { body: { fields: { code: [translationsFor('en').errors.fields.codeNeededToJoin()] } } } });
    await expect(join('000000')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // Neither refusal used the invitation or made a member.
    await expect(joiner.admin.account.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(join(totpCodeAt(secret, new Date(Date.now() + 30_000)))).resolves.toMatchObject({ username });
    await expect(joiner.admin.account.me()).resolves.toMatchObject({ clinicId: second.userId });
  });

  it('lets a person with an account join a second clinic and switch between the two', async () => {
    const first = await owner();
    const second = await owner();
    const person = callerFor(t.services);
    const username = `both-${++serial}`;
    const account = await person.auth.acceptInvitation({ token: (await invite(first, 'receptionist')).token, account: 'new', username, password: 'a-long-password-1' });
    const secondLink = (await invite(second)).token;
    await expect(callerFor(t.services).auth.acceptInvitation({ token: secondLink, account: 'existing', username, password: 'wrong-password' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(person.auth.acceptInvitation({ token: secondLink, account: 'existing', username, password: 'a-long-password-1' })).resolves.toEqual(account);
    // The session lands in the clinic just joined; the person switches back and forth.
    await expect(person.admin.account.me()).resolves.toMatchObject({ clinicId: second.userId, role: 'psychologist' });
    expect((await person.admin.account.me()).clinics.map((c) => c.clinicId).sort()).toEqual([first.userId, second.userId].sort());
    await expect(person.admin.account.switchClinic({ clinicId: first.userId })).resolves.toMatchObject({ clinicId: first.userId, role: 'receptionist' });
    await expect(person.admin.psychologists.list()).resolves.not.toContainEqual(expect.objectContaining({ id: second.psychologistId }));
    await expect(first.caller.admin.account.switchClinic({ clinicId: second.userId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('ends a removed member’s sessions at once, and keeps their account', async () => {
    const clinic = await owner();
    const { token } = await invite(clinic, 'receptionist');
    const member = callerFor(t.services);
    const account = await member.auth.acceptInvitation({ token, account: 'new', username: `leaving-${serial}`, password: 'a-long-password-1' });
    await expect(member.admin.appointments.list({})).resolves.toEqual([]);
    await clinic.caller.admin.members.remove({ accountId: account.id });
    await expect(member.admin.appointments.list({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await t.services.db.selectFrom('operator_sessions').select('id_hash').where('account_id', '=', account.id).execute()).toEqual([]);
    expect(await t.services.db.selectFrom('accounts').select('id').where('id', '=', account.id).execute()).toHaveLength(1);
  });

  it('hands ownership over in one step: always exactly one owner, and the old owner stays on as an admin', async () => {
    const clinic = await owner();
    const { token } = await invite(clinic, 'receptionist');
    const heir = callerFor(t.services);
    const account = await heir.auth.acceptInvitation({ token, account: 'new', username: `heir-${serial}`, password: 'a-long-password-1' });
    await expect(clinic.caller.admin.members.changeRole({ accountId: clinic.userId, role: 'admin' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });

    const team = await clinic.caller.admin.members.handOverOwnership({ accountId: account.id });
    expect(Object.fromEntries(team.members.map((m) => [m.accountId, m.role]))).toEqual({ [clinic.userId]: 'admin', [account.id]: 'owner' });
    // The old owner's next call meets their new role; a second handover of theirs is refused.
    await expect(clinic.caller.admin.members.handOverOwnership({ accountId: account.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(heir.admin.members.list()).resolves.toMatchObject({ members: expect.any(Array) });
    // A role change that looked before the handover cannot demote the new owner after it.
    const stale = { accountId: account.id, clinicId: clinic.userId, role: 'admin' as const, psychologistId: null };
    expect(await updateMembershipRole(t.services.db, stale)).toBe(false);
    expect((await heir.admin.members.list()).members.find((m) => m.accountId === account.id)).toMatchObject({ role: 'owner' });
  });
});
