import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findConnectedAccount } from '../../db/repositories/stripe-accounts';
import { insertMember } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import type { Role } from '../../domain/roles';
import { connectEvent, postStripeEvent } from '../testing/stripe-events';
import { startStripeTestApp, type StripeTestApp } from '../testing/stripe-test-app';
import { signedInAs, signInNewOperator, type SignedInOperator } from '../testing/signed-in-operator';

/** Issue 28's clinic side: connecting its own Stripe account, what Stripe says of it, and the payment policy. */
describe.each(TEST_DIALECTS)('connecting the clinic’s Stripe account and setting its payment policy on %s', (dialect) => {
  let t: StripeTestApp;
  beforeAll(async () => {
    t = await startStripeTestApp(dialect);
  });
  afterAll(() => t.close());

  const accountCalls = (userId: string) => t.stripe.calls.filter((call) => call.method === 'POST' && call.path === '/v1/accounts' && call.params['metadata[userId]'] === userId);
  const linkCalls = (accountId: string) => t.stripe.calls.filter((call) => call.method === 'POST' && call.path === '/v1/account_links' && call.params.account === accountId);
  const audit = (userId: string) => t.services.db.selectFrom('audit_log').select(['action', 'subject_id', 'detail']).where('user_id', '=', userId).orderBy('at').execute();
  const DEPOSIT_30_PERCENT = { mode: 'deposit', deposit: { kind: 'percent', percent: 30 }, lateCancel: { keeps: 'deposit' } };

  /** A clinic that connected its account; `complete` has Stripe say it finished onboarding, by `account.updated`. */
  async function connectedClinic(complete: boolean) {
    const owner = await signInNewOperator(t);
    expect((await owner.rest('POST', '/api/payments/onboarding')).status).toBe(200);
    const { stripeAccountId } = (await findConnectedAccount(t.services.db, owner.userId))!;
    if (complete) expect((await postStripeEvent(t.app, connectEvent('account.updated', stripeAccountId, t.stripe.completeOnboarding(stripeAccountId, ['card', 'fpx'])))).statusCode).toBe(200);
    return { owner, stripeAccountId };
  }

  it('creates one Standard account in Malaysia however often or at once onboarding starts, stores only its id, and answers a fresh Account Link each time', async () => {
    const owner = await signInNewOperator(t);
    const [first, second] = await Promise.all([owner.rest('POST', '/api/payments/onboarding'), owner.rest('POST', '/api/payments/onboarding')]);
    const third = await owner.rest('POST', '/api/payments/onboarding');

    const stored = (await findConnectedAccount(t.services.db, owner.userId))!;
    expect(stored).toMatchObject({ stripeAccountId: expect.stringMatching(/^acct_fake/), chargesEnabled: false, detailsSubmitted: false, statusEventAt: null });
    expect(t.stripe.accounts.get(stored.stripeAccountId)).toMatchObject({ type: 'standard', country: 'MY', metadata: { userId: owner.userId } });
    // Both racing calls carried the clinic's key, so Stripe made one account.
    expect(new Set(accountCalls(owner.userId).map((call) => call.headers['idempotency-key']))).toEqual(new Set([`minda-connect-account-${owner.userId}`]));
    expect([...t.stripe.accounts.values()].filter((account) => (account.metadata as { userId: string }).userId === owner.userId)).toHaveLength(1);
    for (const answer of [first, second, third]) {
      expect(answer).toEqual({ status: 200, body: { testMode: false, url: expect.stringMatching(new RegExp(`^https://connect\\.stripe\\.com/setup/s/${stored.stripeAccountId}/`)) } });
    }
    const links = linkCalls(stored.stripeAccountId);
    expect(links).toHaveLength(3);
    expect(links[0]!.params).toEqual({
      account: stored.stripeAccountId,
      type: 'account_onboarding',
      refresh_url: `${t.services.env.publicUrl}/admin/payments?stripe=refresh`,
      return_url: `${t.services.env.publicUrl}/admin/payments?stripe=return`,
    });
    expect(await audit(owner.userId)).toEqual([{ action: 'payments.account-connected', subject_id: stored.stripeAccountId, detail: null }]);
  });

  it('answers a readable 503 when Stripe cannot be reached, and connects on the next try', async () => {
    const owner = await signInNewOperator(t);
    t.stripe.failNext('POST', '/v1/accounts', 500, 'Stripe is down', 3);
    expect(await owner.rest('POST', '/api/payments/onboarding')).toEqual({ status: 503, body: { error: 'Stripe’s onboarding could not be opened just now. Please try again in a few minutes.' } });
    expect(await findConnectedAccount(t.services.db, owner.userId)).toBeUndefined();
    expect((await owner.rest('POST', '/api/payments/onboarding')).status).toBe(200);
    expect(await findConnectedAccount(t.services.db, owner.userId)).toBeDefined();
  });

  it('reads the payments state: not connected, then connected and waiting for Stripe, then able to take charges once account.updated says so', async () => {
    const owner = await signInNewOperator(t);
    const notConnected = { testMode: false, connected: false, chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: false, paymentMethods: [], statusAt: null, psychologists: [], platformFeeBasisPoints: 0 };
    expect(await owner.rest('GET', '/api/payments')).toEqual({ status: 200, body: { ...notConnected, policy: { mode: 'off', deposit: null, lateCancel: { keeps: 'nothing' } } } });

    await owner.rest('POST', '/api/payments/onboarding');
    expect((await owner.caller.admin.payments.get()).connected).toBe(true);

    const { stripeAccountId } = (await findConnectedAccount(t.services.db, owner.userId))!;
    const event = connectEvent('account.updated', stripeAccountId, t.stripe.completeOnboarding(stripeAccountId, ['card', 'fpx']));
    expect((await postStripeEvent(t.app, event)).json()).toEqual({ received: true });
    expect(await owner.caller.admin.payments.get()).toMatchObject({
      connected: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
      paymentMethods: ['card', 'fpx'],
      statusAt: new Date(event.created * 1000),
    });
  });

  it('applies account.updated once, keeps the newest word against an older event, and ignores an event whose account is not the object’s', async () => {
    const { owner, stripeAccountId } = await connectedClinic(false);
    const account = t.stripe.completeOnboarding(stripeAccountId);
    const newer = connectEvent('account.updated', stripeAccountId, account, new Date(Date.now() - 60_000));
    expect((await postStripeEvent(t.app, newer)).json()).toEqual({ received: true });
    expect((await postStripeEvent(t.app, newer)).json()).toEqual({ received: true, alreadyProcessed: true });

    // Stripe said earlier that the account could not take charges yet; that word arrives late.
    const older = connectEvent('account.updated', stripeAccountId, { ...account, charges_enabled: false, payouts_enabled: false, details_submitted: false }, new Date(Date.now() - 120_000));
    expect((await postStripeEvent(t.app, older)).statusCode).toBe(200);
    expect(await owner.caller.admin.payments.get()).toMatchObject({ chargesEnabled: true, detailsSubmitted: true, paymentMethods: ['card', 'fpx', 'grabpay'] });

    // Another connected account's event does not speak for this one.
    const foreign = connectEvent('account.updated', 'acct_someoneelse', { ...account, charges_enabled: false });
    expect((await postStripeEvent(t.app, foreign)).statusCode).toBe(200);
    expect((await owner.caller.admin.payments.get()).chargesEnabled).toBe(true);
  });

  it('refuses turning payment on until the account can take charges, in English and Malay, and allows off at any time', async () => {
    const { owner } = await connectedClinic(false);
    const english = 'Payment at booking can be turned on once your Stripe account can take payments. Connect it and finish Stripe’s onboarding first; this page shows when Stripe has approved it.';
    expect(await owner.rest('PUT', '/api/payments/policy', DEPOSIT_30_PERCENT)).toEqual({ status: 409, body: { error: english } });
    const malay = await t.app.inject({
      method: 'PUT',
      url: '/api/payments/policy',
      headers: { cookie: owner.cookie, origin: t.services.env.publicUrl, 'sec-fetch-site': 'same-origin', 'accept-language': 'ms' },
      payload: { mode: 'full', deposit: null, lateCancel: { keeps: 'nothing' } },
    });
    expect({ status: malay.statusCode, body: malay.json() as unknown }).toEqual({
      status: 409,
      body: { error: 'Bayaran semasa tempahan boleh dihidupkan setelah akaun Stripe anda boleh menerima bayaran. Sambungkan akaun itu dan lengkapkan pendaftaran Stripe dahulu; halaman ini menunjukkan apabila Stripe telah meluluskannya.' },
    });
    // A clinic that never connected is refused alike.
    const unconnected = await signInNewOperator(t);
    expect((await unconnected.rest('PUT', '/api/payments/policy', DEPOSIT_30_PERCENT)).status).toBe(409);

    const off = { mode: 'off', deposit: null, lateCancel: { keeps: 'nothing' } };
    expect(await owner.rest('PUT', '/api/payments/policy', off)).toEqual({ status: 200, body: off });
    expect((await owner.caller.admin.payments.get()).policy).toEqual(off);
  });

  it('saves a deposit or the full price once the account can take charges, reads it back and audits each change', async () => {
    const { owner } = await connectedClinic(true);
    expect(await owner.rest('PUT', '/api/payments/policy', DEPOSIT_30_PERCENT)).toEqual({ status: 200, body: DEPOSIT_30_PERCENT });
    const fixed = { mode: 'deposit', deposit: { kind: 'fixed', sen: 5000 }, lateCancel: { keeps: 'percent', percent: 50 } };
    expect((await owner.rest('PUT', '/api/payments/policy', fixed)).status).toBe(200);
    expect((await owner.caller.admin.payments.get()).policy).toEqual(fixed);
    const full = { mode: 'full', deposit: null, lateCancel: { keeps: 'nothing' } };
    expect((await owner.mutate('admin.payments.setPolicy', full)).data).toEqual(full);
    expect((await owner.caller.admin.payments.get()).policy).toEqual(full);

    expect((await audit(owner.userId)).filter((entry) => entry.action === 'payment-policy.changed').map((entry) => entry.detail)).toEqual([
      'mode deposit, deposit 30%, late cancel keeps deposit',
      'mode deposit, deposit 5000 sen, late cancel keeps 50%',
      'mode full, deposit none, late cancel keeps nothing',
    ]);
  });

  it('refuses a policy the issue’s rules reject, under its field, and saves nothing', async () => {
    const { owner } = await connectedClinic(true);
    const refused = async (policy: object) => (await owner.rest('PUT', '/api/payments/policy', policy)).body as { error: string; fields: Record<string, string[]> };
    expect((await refused({ mode: 'deposit', deposit: null, lateCancel: { keeps: 'nothing' } })).fields).toEqual({
      deposit: ['give the deposit: a fixed amount in sen or a percentage of the session’s price'],
    });
    // A late cancel that keeps the deposit needs one, even with the full price paid.
    expect((await refused({ mode: 'full', deposit: null, lateCancel: { keeps: 'deposit' } })).fields).toEqual({
      deposit: ['give the deposit: a fixed amount in sen or a percentage of the session’s price'],
    });
    expect((await refused({ mode: 'deposit', deposit: { kind: 'percent', percent: 0 }, lateCancel: { keeps: 'nothing' } })).fields).toEqual({
      'deposit.percent': ['must be a whole number from 1 to 100'],
    });
    expect((await refused({ mode: 'deposit', deposit: { kind: 'percent', percent: 101 }, lateCancel: { keeps: 'nothing' } })).fields).toEqual({
      'deposit.percent': ['must be a whole number from 1 to 100'],
    });
    expect((await refused({ mode: 'deposit', deposit: { kind: 'fixed', sen: 12.5 }, lateCancel: { keeps: 'nothing' } })).fields).toEqual({
      'deposit.sen': ['must be a whole number from 1 to 10000000'],
    });
    expect((await refused({ mode: 'full', deposit: null, lateCancel: { keeps: 'percent', percent: 0 } })).fields).toEqual({
      'lateCancel.percent': ['must be a whole number from 1 to 100'],
    });
    expect((await owner.caller.admin.payments.get()).policy.mode).toBe('off');
  });

  it('lets the owner and admins connect and set the policy, never a psychologist or a receptionist', async () => {
    const { owner } = await connectedClinic(true);
    const as = async (role: Exclude<Role, 'owner'>): Promise<SignedInOperator | { rest: SignedInOperator['rest'] }> =>
      signedInAs(t, { userId: (await insertMember(t.services.db, { clinicId: owner.userId, role })).accountId });
    for (const role of ['psychologist', 'receptionist'] as const) {
      const member = await as(role);
      expect((await member.rest('GET', '/api/payments')).status, role).toBe(403);
      expect((await member.rest('POST', '/api/payments/onboarding')).status, role).toBe(403);
      expect((await member.rest('PUT', '/api/payments/policy', DEPOSIT_30_PERCENT)).status, role).toBe(403);
    }
    const admin = await as('admin');
    expect((await admin.rest('PUT', '/api/payments/policy', DEPOSIT_30_PERCENT)).status).toBe(200);
    expect((await admin.rest('POST', '/api/payments/onboarding')).status).toBe(200);
    expect(await admin.rest('GET', '/api/payments')).toMatchObject({ status: 200, body: { connected: true, chargesEnabled: true, policy: DEPOSIT_30_PERCENT } });
    // The admin reused the clinic's account.
    expect(accountCalls(owner.userId)).toHaveLength(1);
  });
});
