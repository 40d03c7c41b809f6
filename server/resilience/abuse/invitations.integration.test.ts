import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMember, insertOperator, outboxEmailsTo } from '../../../db/testing/fixtures';
import { DEFAULT_RATE_LIMITS } from '../../rate-limit/rate-limit-rules';
import { snapshotTables } from '../../../db/testing/table-snapshots';
import { TEST_DIALECTS } from '../../../db/testing/test-databases';
import { callerFor, CookieJar } from '../../testing/caller';
import { sessionCookie } from '../../testing/test-app';
import { verificationToken, verifyOwnerEmail } from '../../testing/owner-email';
import { signedInAs } from '../../testing/signed-in-operator';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { translationsFor } from '../../translations';

/**
 * Invitations are not a spam relay (issue 24): a clinic mails strangers only once its owner has
 * verified their address, and then a bounded number of times whatever it sends. Every flood
 * below is a fixed count of in-process calls; nothing leaves the machine.
 */
const MINUTE = 60_000;
const SPAM_NAME = 'WIN RM5000 NOW claim at https://evil.example';
const en = translationsFor('en').errors;
const ms = translationsFor('ms').errors;

describe.each(TEST_DIALECTS)('invitations under abuse on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  let serial = 0;
  /** What a browser on the admin page sends with a call: same origin, and the session if any. */
  async function call(method: 'GET' | 'POST', url: string, options: { cookie?: string; payload?: object; language?: string } = {}) {
    const response = await t.app.inject({
      method,
      url,
      headers: {
        origin: t.services.env.publicUrl,
        'sec-fetch-site': 'same-origin',
        'accept-language': options.language ?? 'en',
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      ...(options.payload ? { payload: options.payload } : {}),
    });
    return { status: response.statusCode, body: response.body };
  }
  const errorOf = (answer: { body: string }) => (JSON.parse(answer.body) as { error: string }).error;
  const invitationMailsTo = async (email: string) => (await outboxEmailsTo(t.services.db, email)).filter((mail) => mail.kind === 'member-invitation');

  /** A clinic signed up through the API, as anyone on the internet may: its owner has not verified their address. */
  async function newClinic() {
    const browser = callerFor(t.services, { jar: new CookieJar(), ip: `198.51.100.${++serial}` });
    const account = await browser.auth.register({ username: `spammer-${serial}`, email: `spammer-${serial}@mail.example`, password: 'a long passphrase, kept whole' });
    return signedInAs(t, { userId: account.id, email: account.email });
  }

  it('refuses an unverified clinic’s invitations and webhooks in the caller’s language, and mails nobody', async () => {
    const clinic = await newClinic();
    const invited = `stranger-${serial}@victim.example`;
    const invite = await call('POST', '/api/members', { cookie: clinic.cookie, payload: { email: invited, role: 'receptionist' } });
    expect(invite.status).toBe(403);
    expect(errorOf(invite)).toBe(en.emailVerification.ownerUnverified());
    const inMalay = await call('POST', '/api/members', { cookie: clinic.cookie, payload: { email: invited, role: 'receptionist' }, language: 'ms' });
    expect([inMalay.status, errorOf(inMalay)]).toEqual([403, ms.emailVerification.ownerUnverified()]);
    const webhook = await call('POST', '/api/webhooks', { cookie: clinic.cookie, payload: { url: 'https://hooks.example/minda' } });
    expect([webhook.status, errorOf(webhook)]).toEqual([403, en.emailVerification.ownerUnverified()]);
    expect((await clinic.mutate('admin.webhooks.register', { url: 'https://hooks.example/minda' })).status).toBe(403);
    expect(await invitationMailsTo(invited)).toEqual([]);
    expect(await t.services.db.selectFrom('webhook_endpoints').select('id').where('user_id', '=', clinic.userId).execute()).toEqual([]);
    // The page says so, for the owner to act on.
    await expect(clinic.caller.admin.account.me()).resolves.toMatchObject({ ownerEmailVerified: false });
  });

  it('verifies only when the page’s button POSTs the token: opening the link changes nothing and signs nobody in', async () => {
    const clinic = await newClinic();
    const token = await verificationToken(t.services, clinic.email);
    const before = await snapshotTables(t.services.db);
    // What a mail scanner or a prefetching browser does with the link, and with the confirm path.
    for (const url of [`/verify-email?token=${token}`, `/api/email-verification/${token}/confirm`, `/trpc/auth.verifyEmail?input=${encodeURIComponent(JSON.stringify({ json: { token } }))}`]) {
      const opened = await call('GET', url);
      expect(opened.status).toBeGreaterThanOrEqual(400);
      expect(opened.status).toBeLessThan(500);
    }
    expect(await snapshotTables(t.services.db)).toEqual(before);
    expect((await call('POST', '/api/members', { cookie: clinic.cookie, payload: { email: `later-${serial}@staff.example`, role: 'receptionist' } })).status).toBe(403);

    const confirmed = await t.app.inject({ method: 'POST', url: `/api/email-verification/${token}/confirm`, headers: { origin: t.services.env.publicUrl }, payload: {} });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.headers['set-cookie']).toBeUndefined();
    await expect(clinic.caller.admin.account.me()).resolves.toMatchObject({ ownerEmailVerified: true });
    expect((await call('POST', '/api/members', { cookie: clinic.cookie, payload: { email: `later-${serial}@staff.example`, role: 'receptionist' } })).status).toBe(201);
    // The link works once.
    const again = await call('POST', `/api/email-verification/${token}/confirm`, { payload: {}, language: 'ms' });
    expect([again.status, errorOf(again)]).toEqual([400, ms.emailVerification.invalidLink()]);
  });

  it('counts the current owner’s address: after a handover the new owner verifies theirs before the clinic invites again', async () => {
    const founder = await signedInAs(t, await insertOperator(t.services.db));
    const heir = await insertMember(t.services.db, { clinicId: founder.userId, role: 'admin' });
    await founder.caller.admin.members.handOverOwnership({ accountId: heir.accountId });
    const owner = callerFor(t.services, { jar: CookieJar.holding(await sessionCookie(t.services, heir.accountId, founder.userId)) });
    await expect(owner.admin.account.me()).resolves.toMatchObject({ role: 'owner', ownerEmailVerified: false });
    await expect(owner.admin.members.invite({ email: `after-handover-${serial}@staff.example`, role: 'receptionist' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await owner.admin.account.sendEmailVerification();
    await verifyOwnerEmail(t.services, `${heir.username}@staff.example`);
    await expect(owner.admin.members.invite({ email: `after-handover-${serial}@staff.example`, role: 'receptionist' })).resolves.toBeDefined();
  });

  it('sends the verification link again at most 3 times an hour, however often the owner asks', async () => {
    const clinic = await newClinic();
    const answers = [];
    for (let ask = 0; ask < 10; ask++) answers.push(await call('POST', '/api/email-verification', { cookie: clinic.cookie, payload: {} }));
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, ...Array<number>(7).fill(429)]);
    expect(errorOf(answers.at(-1)!)).toBe(en.emailVerification.tooManyMails());
    // The mail at sign-up, and three more; only the last link works.
    expect((await outboxEmailsTo(t.services.db, clinic.email)).filter((mail) => mail.kind === 'email-verification')).toHaveLength(4);
  });

  it('mails at most 20 new invitations a day and resends each at most 3 times, 10 minutes apart, whatever a flood asks', async () => {
    // Early in a UTC day, so the day's count does not roll over mid-test.
    let clock = Math.floor(Date.now() / (24 * 60 * MINUTE)) * 24 * 60 * MINUTE + MINUTE;
    t.services.now = () => new Date(clock);
    try {
      const clinic = await signedInAs(t, await insertOperator(t.services.db, { companyName: SPAM_NAME }));
      const invitees = Array.from({ length: 30 }, (_, i) => `stranger-${serial}-${i}@victim.example`);
      const answers = [];
      for (const email of invitees) answers.push(await call('POST', '/api/members', { cookie: clinic.cookie, payload: { email, role: 'receptionist' } }));
      expect(answers.map((answer) => answer.status)).toEqual([...Array<number>(20).fill(201), ...Array<number>(10).fill(429)]);
      expect(errorOf(answers.at(-1)!)).toBe(en.invitations.dailyLimit({ max: 20 }));
      const inMalay = await call('POST', '/api/members', { cookie: clinic.cookie, payload: { email: `one-more-${serial}@victim.example`, role: 'receptionist' }, language: 'ms' });
      expect([inMalay.status, errorOf(inMalay)]).toEqual([429, ms.invitations.dailyLimit({ max: 20 })]);
      const mailed = (await Promise.all(invitees.map(invitationMailsTo))).flat();
      expect(mailed).toHaveLength(20);

      // The clinic's name is the inviter's words: never in the subject, quoted in the body.
      const [first] = mailed;
      expect(first!.subject).not.toContain('WIN');
      expect(first!.subject).not.toContain('evil.example');
      expect(first!.text).toContain(`“${SPAM_NAME}”`);
      expect(first!.html).toContain(`“${SPAM_NAME.replace('&', '&amp;')}”`);

      // 25 resends each 10 minutes, four rounds: the first round comes too soon, the fourth too late.
      const { id } = (await clinic.caller.admin.members.list()).invitations.find((invitation) => invitation.email === invitees[0])!;
      const statuses: number[][] = [];
      for (let round = 0; round < 5; round++) {
        const sent = await Promise.all(Array.from({ length: 25 }, () => call('POST', `/api/invitations/${id}/resend`, { cookie: clinic.cookie, payload: {} })));
        statuses.push(sent.map((answer) => answer.status));
        if (round === 0) expect(errorOf(sent[0]!)).toBe(en.invitations.resendTooSoon({ gap: 10, minutes: 10 }));
        if (round === 4) expect(errorOf(sent[0]!)).toBe(en.invitations.resendTooMany({ max: 3 }));
        clock += 10 * MINUTE;
      }
      const successes = statuses.map((round) => round.filter((status) => status === 200).length);
      expect(successes).toEqual([0, 1, 1, 1, 0]);
      expect(statuses.flat().every((status) => status === 200 || status === 429)).toBe(true);
      // 125 asks, 4 mails: the invitation and its 3 resends.
      expect(await invitationMailsTo(invitees[0]!)).toHaveLength(4);
    } finally {
      t.services.now = () => new Date();
    }
  });

  it('bounds invitation previews per client address, without refusing the invitee on another', async () => {
    const clinic = await signedInAs(t, await insertOperator(t.services.db));
    const invitee = `previewed-${++serial}@staff.example`;
    await clinic.caller.admin.members.invite({ email: invitee, role: 'receptionist' });
    const token = /invitation\?token=([\w-]+)/.exec((await invitationMailsTo(invitee))[0]!.text)![1]!;
    const preview = (remoteAddress: string, language = 'en') =>
      t.app.inject({ method: 'GET', url: `/api/invitations/${token}`, remoteAddress, headers: { 'accept-language': language } });

    // At the start of a window, so the flood's count does not roll over mid-test.
    const windowMs = DEFAULT_RATE_LIMITS.invitationPreviewPerIp.windowMinutes * MINUTE;
    const windowStart = new Date(Math.ceil(Date.now() / windowMs) * windowMs + 1000);
    t.services.now = () => windowStart;
    try {
      // A flood from one loopback address: a fixed count, in process.
      const { limit } = DEFAULT_RATE_LIMITS.invitationPreviewPerIp;
      const flood = [];
      for (let i = 0; i < limit + 5; i++) flood.push((await preview('127.0.0.9')).statusCode);
      expect(flood).toEqual([...Array<number>(limit).fill(200), ...Array<number>(5).fill(429)]);
      const refused = await preview('127.0.0.9', 'ms');
      expect([refused.statusCode, errorOf({ body: refused.body })]).toEqual([429, ms.tooManyAttempts()]);
      // The invitee, elsewhere, still reads their invitation.
      const elsewhere = await preview('127.0.0.10');
      expect([elsewhere.statusCode, elsewhere.json()]).toEqual([200, { role: 'receptionist', inviter: clinic.username, clinic: expect.any(String) }]);
    } finally {
      t.services.now = () => new Date();
    }
  });
});
