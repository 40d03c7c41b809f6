import { describe, expect, it } from 'vitest';
import { policyDraftOf, policyOfDraft } from './policy-draft';

describe('the payment policy form', () => {
  it('reads a saved policy back unchanged', () => {
    const policies = [
      { mode: 'deposit', deposit: { kind: 'fixed', sen: 5050 }, lateCancel: { keeps: 'deposit' } },
      { mode: 'full', deposit: null, lateCancel: { keeps: 'percent', percent: 50 } },
      { mode: 'deposit', deposit: { kind: 'percent', percent: 30 }, lateCancel: { keeps: 'nothing' } },
    ] as const;
    for (const policy of policies) expect(policyOfDraft(policyDraftOf(policy))).toEqual(policy);
  });

  it('sends off as taking and keeping nothing, and a deposit only where the policy uses one', () => {
    const draft = policyDraftOf({ mode: 'deposit', deposit: { kind: 'fixed', sen: 5000 }, lateCancel: { keeps: 'deposit' } });
    expect(policyOfDraft({ ...draft, mode: 'off' })).toEqual({ mode: 'off', deposit: null, lateCancel: { keeps: 'nothing' } });
    expect(policyOfDraft({ ...draft, mode: 'full', lateKeeps: 'nothing' })).toEqual({ mode: 'full', deposit: null, lateCancel: { keeps: 'nothing' } });
    expect(policyOfDraft({ ...draft, depositRinggit: '12.34' }).deposit).toEqual({ kind: 'fixed', sen: 1234 });
  });

  it('sends a blank number as no number, for the server to refuse under its field', () => {
    const draft = policyDraftOf({ mode: 'deposit', deposit: { kind: 'percent', percent: 30 }, lateCancel: { keeps: 'nothing' } });
    expect(policyOfDraft({ ...draft, depositPercent: ' ' }).deposit).toEqual({ kind: 'percent', percent: Number.NaN });
  });
});
