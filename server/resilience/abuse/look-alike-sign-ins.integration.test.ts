import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmailsTo } from '../../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../../db/testing/test-databases';
import { DEFAULT_RATE_LIMITS } from '../../rate-limit/rate-limit-rules';
import { startTestApp, type TestApp } from '../../testing/test-app';

/**
 * Issue 24, "Look-alike usernames do not open a locked account": on MySQL, utf8mb4_unicode_ci
 * once made these find `ownerc`, each with 10 wrong guesses of its own. A bounded flood (60
 * requests, one clock, no waiting) from as many addresses as requests, so only the per-account
 * count can stop it.
 */
const OWNER = { username: 'ownerc', email: 'ownerc@klinik.example', password: 'the owner’s own passphrase' };
/** Spellings that normalise to `ownerc` (case, fullwidth): the account, one count. */
const SAME_NAME = ['ownerc', 'OWNERC', 'ｏｗｎｅｒｃ', 'ＯｗｎｅｒＣ', ' OwnerC '];
/** Spellings that only a loose collation matched: names of no account now. */
const LOOK_ALIKES = ['ownerç', 'ÓWNERC', 'ownérc', 'owneŕc'];
const FLOOD = 60;

describe.each(TEST_DIALECTS)('look-alike sign-ins on %s', (dialect) => {
  let t: TestApp;
  const clock = new Date();
  let lastAddress = 0;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    t.services.now = () => clock;
    expect((await post('/api/register', OWNER)).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  /** Every request from an address of its own (203.0.113.0/24 and on), so no per-address limit is met. */
  function post(url: string, payload: object, headers: Record<string, string> = {}) {
    lastAddress += 1;
    const remoteAddress = `10.${Math.floor(lastAddress / 250)}.${lastAddress % 250}.1`;
    return t.app.inject({ method: 'POST', url, payload, remoteAddress, headers });
  }
  const signIn = (username: string, password: string) => post('/api/login', { username, password });

  it('locks the one account after 10 wrong passwords, whatever spelling they came in, and no look-alike opens it', async () => {
    const { limit } = DEFAULT_RATE_LIMITS.loginPerAccount;
    const answers: { spelling: string; status: number }[] = [];
    for (let attempt = 0; attempt < FLOOD; attempt += 1) {
      const spellings = attempt % 3 === 2 ? LOOK_ALIKES : SAME_NAME;
      const spelling = spellings[attempt % spellings.length]!;
      answers.push({ spelling, status: (await signIn(spelling, `wrong guess ${attempt}`)).statusCode });
    }
    const atTheAccount = answers.filter((answer) => SAME_NAME.includes(answer.spelling));
    expect(atTheAccount.filter((answer) => answer.status === 401)).toHaveLength(limit);
    expect(atTheAccount.slice(limit).every((answer) => answer.status === 429)).toBe(true);
    // Look-alikes are unknown names: counted on their own, never against the account.
    expect(answers.filter((answer) => LOOK_ALIKES.includes(answer.spelling)).every((answer) => answer.status === 401)).toBe(true);

    // The right password waits too, in every spelling of the name; a look-alike never signs in.
    for (const spelling of SAME_NAME) expect((await signIn(spelling, OWNER.password)).statusCode).toBe(429);
    for (const spelling of LOOK_ALIKES) expect((await signIn(spelling, OWNER.password)).statusCode).toBe(401);
    // The owner was told once, by the one count.
    expect((await outboxEmailsTo(t.services.db, OWNER.email)).filter((mail) => mail.kind === 'login-throttled')).toHaveLength(1);
  });

  it('slows a name no one has exactly like an account, and its guesses lock no account', async () => {
    const { limit } = DEFAULT_RATE_LIMITS.loginPerAccount;
    const neighbour = { username: 'klinik-jiran', email: 'jiran@klinik.example', password: 'the neighbour’s passphrase' };
    expect((await post('/api/register', neighbour)).statusCode).toBe(201);
    for (const unknown of ['nobody-by-this-name', 'klinik-jirán']) {
      const answers = [];
      for (let attempt = 0; attempt <= limit; attempt += 1) answers.push((await signIn(unknown, `wrong guess ${attempt}`)).statusCode);
      expect(answers).toEqual([...Array<number>(limit).fill(401), 429]);
    }
    expect((await signIn('klinik-jiran', neighbour.password)).statusCode).toBe(200);
  });

  it('refuses to register a spelling or a look-alike of the name, and of the e-mail', async () => {
    const register = (username: string, email = `someone-${++lastAddress}@klinik.example`, headers?: Record<string, string>) =>
      post('/api/register', { username, email, password: 'a passphrase of their own' }, headers);
    for (const spelling of ['ＯＷＮＥＲＣ', 'OwnerC']) {
      const taken = await register(spelling);
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ error: 'That username is already taken' });
    }
    for (const lookAlike of ['0wnerc', 'ovvnerc', 'OVVNERC', 'оwnerс' /* Cyrillic о and с */]) {
      const refused = await register(lookAlike);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields.username).toHaveLength(1);
    }
    expect((await register('0wnerc')).json().fields).toEqual({
      username: ['This username looks too much like one that is already taken. Please choose one that is clearly different.'],
    });
    expect((await register('0wnerc', undefined, { 'accept-language': 'ms' })).json().fields).toEqual({
      username: ['Nama pengguna ini terlalu mirip dengan nama yang sudah digunakan. Sila pilih nama yang jelas berbeza.'],
    });
    // Accented letters are refused for what they are; the fullwidth address is the owner's.
    expect((await register('ownerç')).json().fields.username).toEqual(['Username may contain only letters, digits, dots, dashes and underscores']);
    const sameEmail = await register('someone-new', 'ＯＷＮＥＲＣ@klinik.example');
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({ error: 'An account with that e-mail already exists' });
    const lookAlikes = await t.services.db.selectFrom('accounts').select('username').where('username', 'like', '%nerc').execute();
    expect(lookAlikes.map((account) => account.username)).toEqual(['ownerc']);
  });

  it('looks a reset request up by the normalised e-mail', async () => {
    expect((await post('/api/request-password-reset', { email: 'ＯＷＮＥＲＣ@Klinik.Example' })).statusCode).toBe(200);
    const requests = await t.services.db.selectFrom('password_reset_requests').select('email').execute();
    expect(requests.map((request) => request.email)).toContain(OWNER.email);
  });
});
