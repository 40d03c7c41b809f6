import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmailsTo } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { callerFor, type Caller, CookieJar } from '../testing/caller';
import { verifyOwnerEmail } from '../testing/owner-email';
import { sessionCookie, startTestApp, type TestApp, trpcMutation, trpcQuery } from '../testing/test-app';
import { listProcedures } from '../trpc/root';
import { totpCodeAt } from './totp';

const SET_UP_REQUIRED = 'This clinic requires two-factor sign-in. Turn yours on in the admin page before you continue.';
const SET_UP_REQUIRED_MS = 'Klinik ini mewajibkan log masuk dua faktor. Hidupkan log masuk dua faktor anda di halaman pentadbir sebelum meneruskan.';
const PASSWORD = 'a long passphrase, kept whole';
/** The code an app shows a step ahead: the current one may already have been taken. */
const nextCode = (secret: string) => totpCodeAt(secret, new Date(Date.now() + 30_000));

describe.each(TEST_DIALECTS)('the clinic’s two-factor requirement on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  let serial = 0;
  /** A browser of its own, from an address of its own, so no per-address limit is shared. */
  const browser = (locale: 'en' | 'ms' = 'en') => callerFor(t.services, { jar: new CookieJar(), locale, ip: `198.51.100.${++serial}` });

  /** Turns on the signed-in person's own two-factor sign-in; answers its secret. */
  async function turnOn(caller: Caller): Promise<string> {
    const { secret } = await caller.admin.twoFactor.setup();
    await caller.admin.twoFactor.enable({ code: totpCodeAt(secret, new Date()) });
    return secret;
  }

  /** A clinic signed up by its owner, who has verified their e-mail and turned on their own two-factor sign-in. */
  async function clinic() {
    const owner = browser();
    const account = await owner.auth.register({ username: `owner-${++serial}`, email: `owner-${serial}@klinik.example`, password: PASSWORD });
    await verifyOwnerEmail(t.services, account.email);
    return { owner, clinicId: account.id, ownerSecret: await turnOn(owner) };
  }

  /** The token of the link an invitation to this clinic mailed. */
  async function invitation(into: Awaited<ReturnType<typeof clinic>>, role: 'admin' | 'receptionist'): Promise<string> {
    const email = `member-${++serial}@staff.example`;
    await into.owner.admin.members.invite({ email, role });
    return /invitation\?token=([\w-]+)/.exec((await outboxEmailsTo(t.services.db, email)).at(-1)!.text)![1]!;
  }

  /** Someone invited with this role who joins with a new account (and is signed in by it). */
  async function join(into: Awaited<ReturnType<typeof clinic>>, role: 'admin' | 'receptionist' = 'receptionist') {
    const token = await invitation(into, role);
    const caller = browser();
    const username = `member-${serial}`;
    const account = await caller.auth.acceptInvitation({ token, account: 'new', username, password: PASSWORD });
    return { caller, username, id: account.id };
  }

  it('holds a member without two-factor sign-in to its set-up from their next sign-in until they turn it on', async () => {
    const home = await clinic();
    const member = await join(home);
    await expect(home.owner.admin.members.list()).resolves.toMatchObject({ twoFactorRequired: false });
    await expect(home.owner.admin.members.requireTwoFactor({ required: true })).resolves.toMatchObject({ twoFactorRequired: true });
    await expect(home.owner.admin.members.list()).resolves.toMatchObject({ twoFactorRequired: true });

    // The password was right: the sign-in succeeds, into a session held to the set-up.
    const signedIn = browser();
    await expect(signedIn.auth.login({ username: member.username, password: PASSWORD })).resolves.toMatchObject({ id: member.id });
    await expect(signedIn.admin.account.me()).resolves.toMatchObject({ id: member.id, twoFactorSetupRequired: true });
    await expect(signedIn.admin.appointments.list({})).rejects.toMatchObject({ code: 'FORBIDDEN', message: SET_UP_REQUIRED });
    await expect(signedIn.admin.psychologists.list()).rejects.toMatchObject({ code: 'FORBIDDEN', message: SET_UP_REQUIRED });
    // A session opened before the requirement is held as well: the requirement is read on every call.
    await expect(member.caller.admin.appointments.list({})).rejects.toMatchObject({ code: 'FORBIDDEN', message: SET_UP_REQUIRED });

    await expect(signedIn.admin.twoFactor.status()).resolves.toEqual({ enabled: false, recoveryCodesLeft: 0 });
    // The owner's Team list tells who has it on; a secret still waiting for its first code is not on.
    const twoFactorOf = async () => Object.fromEntries((await home.owner.admin.members.list()).members.map((m) => [m.username, m.twoFactorEnabled]));
    await signedIn.admin.twoFactor.setup();
    await expect(twoFactorOf()).resolves.toMatchObject({ [member.username]: false });
    await turnOn(signedIn);
    await expect(twoFactorOf()).resolves.toMatchObject({ [member.username]: true });
    await expect(signedIn.admin.account.me()).resolves.toMatchObject({ twoFactorSetupRequired: false });
    await expect(signedIn.admin.appointments.list({})).resolves.toEqual([]);
    // The session opened with the password alone ended when two-factor sign-in went on.
    await expect(member.caller.admin.appointments.list({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('leaves a member who has two-factor sign-in on as they were, and every member free again once it is off', async () => {
    const home = await clinic();
    const withCode = await join(home, 'admin');
    const secret = await turnOn(withCode.caller);
    const without = await join(home);
    await home.owner.admin.members.requireTwoFactor({ required: true });

    const signedIn = browser();
    await expect(signedIn.auth.login({ username: withCode.username, password: PASSWORD })).resolves.toEqual({ twoFactorRequired: true });
    await signedIn.auth.login({ username: withCode.username, password: PASSWORD, code: nextCode(secret) });
    await expect(signedIn.admin.account.me()).resolves.toMatchObject({ role: 'admin', twoFactorSetupRequired: false });
    await expect(signedIn.admin.configuration.get()).resolves.toMatchObject({ userId: home.clinicId });
    await expect(without.caller.admin.appointments.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });

    await expect(home.owner.admin.members.requireTwoFactor({ required: false })).resolves.toMatchObject({ twoFactorRequired: false });
    await expect(without.caller.admin.account.me()).resolves.toMatchObject({ twoFactorSetupRequired: false });
    await expect(without.caller.admin.appointments.list({})).resolves.toEqual([]);
  });

  it('lets only the owner change it, and only once their own two-factor sign-in is on', async () => {
    const home = await clinic();
    const admin = await join(home, 'admin');
    await turnOn(admin.caller);
    await expect(admin.caller.admin.members.requireTwoFactor({ required: true })).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const owner = browser();
    const account = await owner.auth.register({ username: `bare-owner-${++serial}`, email: `bare-${serial}@klinik.example`, password: PASSWORD });
    await expect(owner.admin.members.requireTwoFactor({ required: true })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Turn on your own two-factor sign-in first, then require it of the whole clinic.',
    });
    const stored = await t.services.db.selectFrom('users').select('require_two_factor').where('id', 'in', [home.clinicId, account.id]).execute();
    expect(stored.map((row) => Boolean(row.require_two_factor))).toEqual([false, false]);
  });

  it('lets a held member reach only their own session and the set-up, on every transport and in Malay', async () => {
    // The owner, held too once they turn their own off: every procedure their role allows is tried.
    const home = await clinic();
    await home.owner.admin.members.requireTwoFactor({ required: true });
    await home.owner.admin.twoFactor.disable({ code: totpCodeAt(home.ownerSecret, new Date(Date.now() + 30_000)) });
    await expect(home.owner.admin.account.me()).resolves.toMatchObject({ role: 'owner', twoFactorSetupRequired: true });

    const open: string[] = [];
    for (const procedure of listProcedures().filter((p) => p.access === 'operator')) {
      // A session of its own for each, as one of them signs out everywhere. No input: the hold is
      // decided before the input is read, so even a wrong call meets it.
      const cookie = await sessionCookie(t.services, home.clinicId, home.clinicId);
      const answer = procedure.type === 'query' ? await trpcQuery(t.app, procedure.path, undefined, cookie) : await trpcMutation(t.app, procedure.path, undefined, cookie);
      if (answer.status !== 403 || answer.error?.message !== SET_UP_REQUIRED) open.push(procedure.path);
    }
    expect(open.sort()).toEqual([
      'admin.account.logoutEverywhere',
      'admin.account.me',
      'admin.account.switchClinic',
      'admin.twoFactor.enable',
      'admin.twoFactor.setup',
      'admin.twoFactor.status',
    ]);

    const cookie = await sessionCookie(t.services, home.clinicId, home.clinicId);
    const rest = await t.app.inject({ method: 'PUT', url: '/api/two-factor/requirement', payload: { required: false }, headers: { cookie, 'accept-language': 'ms' } });
    expect([rest.statusCode, rest.json()]).toEqual([403, { error: SET_UP_REQUIRED_MS }]);
  });

  it('tells a member switching into a clinic that requires it that they are held there, and not in the other', async () => {
    const strict = await clinic();
    await strict.owner.admin.members.requireTwoFactor({ required: true });
    const relaxed = await clinic();
    const member = await join(relaxed);
    await expect(member.caller.admin.account.me()).resolves.toMatchObject({ clinicId: relaxed.clinicId, twoFactorSetupRequired: false });

    const token = await invitation(strict, 'receptionist');
    await member.caller.auth.acceptInvitation({ token, account: 'existing', username: member.username, password: PASSWORD });
    await expect(member.caller.admin.account.me()).resolves.toMatchObject({ clinicId: strict.clinicId, twoFactorSetupRequired: true });
    await expect(member.caller.admin.account.switchClinic({ clinicId: relaxed.clinicId })).resolves.toMatchObject({ twoFactorSetupRequired: false });
    await expect(member.caller.admin.appointments.list({})).resolves.toEqual([]);
    await expect(member.caller.admin.account.switchClinic({ clinicId: strict.clinicId })).resolves.toMatchObject({ twoFactorSetupRequired: true });
    await expect(member.caller.admin.appointments.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
