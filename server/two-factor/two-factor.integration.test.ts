import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { snapshotTables } from '../../db/testing/table-snapshots';
import { DEFAULT_RATE_LIMITS } from '../rate-limit/rate-limit-rules';
import { callerFor, CookieJar } from '../testing/caller';
import { sessionCookieFrom, startTestApp, type TestApp } from '../testing/test-app';
import { totpCodeAt } from './totp';

const STEP_MS = 30_000;
/** A fixed clock at the start of an hour and of a time step, moved by the tests. */
const START = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 1000);
const WRONG_CODE = 'That code is not right, or it was already used. Enter the current code from your authenticator app, or an unused recovery code.';

/** What a refused in-process call was refused with. */
async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, message: (error as TRPCError).message };
}

describe.each(TEST_DIALECTS)('two-factor sign-in on %s', (dialect) => {
  let t: TestApp;
  let clock = START;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    t.services.now = () => clock;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock = START;
    t.services.rateLimits = DEFAULT_RATE_LIMITS;
  });
  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  let serial = 0;
  let lastAddress = 0;
  /** A browser of its own, from an address of its own. */
  const browser = (jar = new CookieJar()) => callerFor(t.services, { jar, ip: `198.51.100.${++lastAddress}` });

  /** A new member, signed up and so signed in, with their password. */
  async function member() {
    serial += 1;
    const credentials = { username: `two-factor-${serial}`, email: `member-${serial}@klinik.example`, password: 'a long passphrase, kept whole' };
    const caller = browser();
    const account = await caller.auth.register(credentials);
    return { ...credentials, id: account.id, caller };
  }

  /** A member with two-factor sign-in on: their secret and recovery codes. */
  async function memberWithTwoFactor() {
    const m = await member();
    const { secret } = await m.caller.admin.twoFactor.setup();
    const { recoveryCodes } = await m.caller.admin.twoFactor.enable({ code: totpCodeAt(secret, clock) });
    later(STEP_MS);
    return { ...m, secret, recoveryCodes };
  }
  const signIn = (m: { username: string; password: string }, code?: string, caller = browser()) =>
    caller.auth.login({ username: m.username, password: m.password, ...(code !== undefined && { code }) });

  it('sets up a secret waiting for its first code, kept sealed, and turns it on with a current code', async () => {
    const m = await member();
    const setup = await m.caller.admin.twoFactor.setup();
    expect(setup.otpauthUri).toBe(`otpauth://totp/Minda:${m.username}?issuer=Minda&secret=${setup.secret}&algorithm=SHA1&digits=6&period=30`);
    expect(setup.qrCodeSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const stored = await t.services.db.selectFrom('two_factor_secrets').selectAll().where('account_id', '=', m.id).executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(setup.secret);
    expect(stored.enabled_at).toBeNull();
    expect(await m.caller.admin.twoFactor.status()).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    expect(await refusal(m.caller.admin.twoFactor.enable({ code: totpCodeAt(setup.secret, new Date(clock.getTime() + 5 * STEP_MS)) }))).toEqual({
      code: 'BAD_REQUEST',
      message: WRONG_CODE,
    });
    expect(await m.caller.admin.twoFactor.status()).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const { recoveryCodes } = await m.caller.admin.twoFactor.enable({ code: totpCodeAt(setup.secret, clock) });
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await m.caller.admin.twoFactor.status()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    const hashes = await t.services.db.selectFrom('two_factor_recovery_codes').select('code_hash').where('account_id', '=', m.id).execute();
    expect(JSON.stringify(hashes)).not.toMatch(new RegExp(recoveryCodes.map((code) => code.replaceAll('-', '')).join('|')));
  });

  it('ends every other session of the member when it goes on, keeps this one, and no one else’s', async () => {
    const m = await member();
    const someoneElse = await member();
    const laptop = browser();
    await signIn(m, undefined, laptop);
    await expect(laptop.admin.account.me()).resolves.toMatchObject({ id: m.id });
    const { secret } = await m.caller.admin.twoFactor.setup();
    await m.caller.admin.twoFactor.enable({ code: totpCodeAt(secret, clock) });
    expect(await m.caller.admin.twoFactor.status()).toMatchObject({ enabled: true });
    expect(await refusal(laptop.admin.account.me())).toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(someoneElse.caller.admin.account.me()).resolves.toMatchObject({ id: someoneElse.id });
  });

  it('replaces a secret still waiting, and refuses a new one while two-factor sign-in is on', async () => {
    const m = await member();
    const first = await m.caller.admin.twoFactor.setup();
    const second = await m.caller.admin.twoFactor.setup();
    expect(second.secret).not.toBe(first.secret);
    expect(await refusal(m.caller.admin.twoFactor.enable({ code: totpCodeAt(first.secret, clock) }))).toMatchObject({ code: 'BAD_REQUEST' });
    await m.caller.admin.twoFactor.enable({ code: totpCodeAt(second.secret, clock) });
    expect(await refusal(m.caller.admin.twoFactor.setup())).toMatchObject({ code: 'CONFLICT' });
    expect(await refusal(m.caller.admin.twoFactor.enable({ code: totpCodeAt(second.secret, clock) }))).toMatchObject({ code: 'CONFLICT' });
  });

  it('asks for a code after the right password without starting a session, then signs in with it', async () => {
    const m = await memberWithTwoFactor();
    const jar = new CookieJar();
    const caller = browser(jar);
    expect(await signIn(m, undefined, caller)).toEqual({ twoFactorRequired: true });
    expect(await refusal(caller.admin.account.me())).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await signIn(m, totpCodeAt(m.secret, clock), caller)).toEqual({ id: m.id, username: m.username, email: m.email });
    expect(await caller.admin.account.me()).toMatchObject({ id: m.id });
  });

  it('refuses the wrong password before asking for any code', async () => {
    const m = await memberWithTwoFactor();
    expect(await refusal(signIn({ ...m, password: 'not the password' }))).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid username or password' });
    expect(await refusal(signIn({ ...m, password: 'not the password' }, totpCodeAt(m.secret, clock)))).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses a code already used in its time window, and an earlier one, but takes the next step’s', async () => {
    const m = await memberWithTwoFactor();
    const code = totpCodeAt(m.secret, clock);
    await signIn(m, code);
    expect(await refusal(signIn(m, code))).toEqual({ code: 'UNAUTHORIZED', message: WRONG_CODE });
    expect(await refusal(signIn(m, totpCodeAt(m.secret, new Date(clock.getTime() - STEP_MS))))).toMatchObject({ code: 'UNAUTHORIZED' });
    // A phone a step ahead of the server: its code is taken, once.
    const ahead = totpCodeAt(m.secret, new Date(clock.getTime() + STEP_MS));
    expect(await signIn(m, ahead)).toMatchObject({ id: m.id });
    later(STEP_MS);
    expect(await refusal(signIn(m, ahead))).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('takes the same code once of two simultaneous sign-ins', async () => {
    const m = await memberWithTwoFactor();
    const code = totpCodeAt(m.secret, clock);
    const outcomes = await Promise.allSettled([signIn(m, code), signIn(m, code), signIn(m, code)]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
  });

  it('signs in with a recovery code once, typed in any case and spacing', async () => {
    const m = await memberWithTwoFactor();
    const [first, second] = m.recoveryCodes;
    expect(await signIn(m, ` ${first!.toLowerCase().replaceAll('-', ' ')} `)).toMatchObject({ id: m.id });
    expect(await refusal(signIn(m, first))).toEqual({ code: 'UNAUTHORIZED', message: WRONG_CODE });
    expect(await signIn(m, second)).toMatchObject({ id: m.id });
    expect(await m.caller.admin.twoFactor.status()).toEqual({ enabled: true, recoveryCodesLeft: 8 });
  });

  it('does not take another member’s recovery code', async () => {
    const m = await memberWithTwoFactor();
    const other = await memberWithTwoFactor();
    expect(await refusal(signIn(m, other.recoveryCodes[0]))).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await other.caller.admin.twoFactor.status()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('counts wrong codes per account: past the limit the next code waits, even a right one', async () => {
    t.services.rateLimits = { ...DEFAULT_RATE_LIMITS, twoFactorPerAccount: { limit: 2, windowMinutes: 15 } };
    const m = await memberWithTwoFactor();
    const wrong = totpCodeAt(m.secret, new Date(clock.getTime() + 10 * STEP_MS));
    for (let i = 0; i < 2; i++) expect(await refusal(signIn(m, wrong))).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await refusal(signIn(m, totpCodeAt(m.secret, clock)))).toEqual({ code: 'TOO_MANY_REQUESTS', message: 'Too many attempts. Please wait a few minutes and try again.' });
    expect(await refusal(signIn(m, m.recoveryCodes[0]))).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    later(60_000);
    expect(await signIn(m, totpCodeAt(m.secret, clock))).toMatchObject({ id: m.id });
    expect(await m.caller.admin.twoFactor.status()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('counts every code from one address across accounts', async () => {
    t.services.rateLimits = { ...DEFAULT_RATE_LIMITS, twoFactorPerIp: { limit: 3, windowMinutes: 15 } };
    const members = [await memberWithTwoFactor(), await memberWithTwoFactor()];
    const sameAddress = callerFor(t.services, { ip: '192.0.2.200' });
    const wrong = (m: (typeof members)[number]) => totpCodeAt(m.secret, new Date(clock.getTime() + 10 * STEP_MS));
    for (const m of [...members, members[0]!]) expect(await refusal(signIn(m, wrong(m), sameAddress))).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await refusal(signIn(members[1]!, totpCodeAt(members[1]!.secret, clock), sameAddress))).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(await signIn(members[1]!, totpCodeAt(members[1]!.secret, clock))).toMatchObject({ id: members[1]!.id });
  });

  it('turns off with a current code or a recovery code, not with a wrong one nor with the password, and sign-in asks no code after', async () => {
    const byRecoveryCode = await memberWithTwoFactor();
    expect(await refusal(byRecoveryCode.caller.admin.twoFactor.disable({ code: totpCodeAt(byRecoveryCode.secret, new Date(clock.getTime() + 10 * STEP_MS)) }))).toEqual({
      code: 'BAD_REQUEST',
      message: WRONG_CODE,
    });
    // A password alone, which may have leaked with the session, turns nothing off.
    const byPassword = await refusal(byRecoveryCode.caller.admin.twoFactor.disable({ password: byRecoveryCode.password } as never));
    expect(byPassword.code).toBe('BAD_REQUEST');
    expect(await byRecoveryCode.caller.admin.twoFactor.status()).toMatchObject({ enabled: true });
    expect(await byRecoveryCode.caller.admin.twoFactor.disable({ code: byRecoveryCode.recoveryCodes[0]! })).toEqual({ ok: true });
    expect(await byRecoveryCode.caller.admin.twoFactor.status()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect(await signIn(byRecoveryCode)).toMatchObject({ id: byRecoveryCode.id });

    const byCode = await memberWithTwoFactor();
    expect(await byCode.caller.admin.twoFactor.disable({ code: totpCodeAt(byCode.secret, clock) })).toEqual({ ok: true });
    const left = await t.services.db.selectFrom('two_factor_recovery_codes').select('code_hash').where('account_id', '=', byCode.id).execute();
    expect(left).toEqual([]);
    expect(await signIn(byCode)).toMatchObject({ id: byCode.id });
  });

  it('refuses turning off without any proof, changing nothing', async () => {
    const m = await memberWithTwoFactor();
    const before = await snapshotTables(t.services.db);
    const refused = await refusal(m.caller.admin.twoFactor.disable({} as never));
    expect(refused.code).toBe('BAD_REQUEST');
    expect(await snapshotTables(t.services.db)).toEqual(before);
  });

  it('answers the code step over REST: 200 without a cookie, then the session with the code', async () => {
    const m = await memberWithTwoFactor();
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress: '192.0.2.201' });
    const first = await post({ username: m.username, password: m.password });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true });
    expect(sessionCookieFrom(first)).toBeUndefined();
    const wrong = await post({ username: m.username, password: m.password, code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: WRONG_CODE });
    const malformed = await post({ username: m.username, password: m.password, code: 'twelve' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ fields: { code: [expect.stringContaining('6-digit code')] } });
    const second = await post({ username: m.username, password: m.password, code: totpCodeAt(m.secret, clock) });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id: m.id });
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: sessionCookieFrom(second)! } });
    expect(me.statusCode).toBe(200);
  });

  it('is asked for, besides the password, before the clinic is deleted, and goes with the account then', async () => {
    const m = await memberWithTwoFactor();
    expect(await refusal(m.caller.admin.account.delete({ password: m.password }))).toEqual({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('enter the current code from your authenticator app'),
    });
    expect(await refusal(m.caller.admin.account.delete({ password: m.password, code: totpCodeAt(m.secret, new Date(clock.getTime() + 10 * STEP_MS)) }))).toEqual({
      code: 'BAD_REQUEST',
      message: WRONG_CODE,
    });
    expect(await m.caller.admin.account.me()).toMatchObject({ username: m.username });
    await m.caller.admin.account.delete({ password: m.password, code: totpCodeAt(m.secret, clock) });
    expect(await t.services.db.selectFrom('two_factor_secrets').select('account_id').where('account_id', '=', m.id).execute()).toEqual([]);
    expect(await t.services.db.selectFrom('two_factor_recovery_codes').select('account_id').where('account_id', '=', m.id).execute()).toEqual([]);
  });
});
