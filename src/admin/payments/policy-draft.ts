import type { PaymentMode, PaymentPolicy } from '../../../domain/payment-policy';
import { priceToSen, senToPrice } from '../../../domain/psychologist';

/** A payment policy as its form holds it: text in the number fields, every choice kept while the mode changes. */
export interface PolicyDraft {
  mode: PaymentMode;
  depositKind: 'fixed' | 'percent';
  /** Ringgit, as typed: 50 or 50.00. */
  depositRinggit: string;
  depositPercent: string;
  lateKeeps: PaymentPolicy['lateCancel']['keeps'];
  latePercent: string;
}

export function policyDraftOf(policy: PaymentPolicy): PolicyDraft {
  return {
    mode: policy.mode,
    depositKind: policy.deposit?.kind ?? 'percent',
    depositRinggit: policy.deposit?.kind === 'fixed' ? senToPrice(policy.deposit.sen) : '',
    depositPercent: policy.deposit?.kind === 'percent' ? String(policy.deposit.percent) : '',
    lateKeeps: policy.lateCancel.keeps,
    latePercent: policy.lateCancel.keeps === 'percent' ? String(policy.lateCancel.percent) : '',
  };
}

/** A number the server judges: a blank or wrong field is sent as it is refused there, under its field, in the visitor's language. */
const typed = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * The policy the form sends. Off takes nothing and keeps nothing; a deposit is sent only where
 * the policy uses one (its mode, or a late cancel keeping it).
 */
export function policyOfDraft(draft: PolicyDraft): PaymentPolicy {
  if (draft.mode === 'off') return { mode: 'off', deposit: null, lateCancel: { keeps: 'nothing' } };
  const usesDeposit = draft.mode === 'deposit' || draft.lateKeeps === 'deposit';
  const deposit = !usesDeposit
    ? null
    : draft.depositKind === 'fixed'
      ? { kind: 'fixed' as const, sen: priceToSen(typed(draft.depositRinggit)) }
      : { kind: 'percent' as const, percent: typed(draft.depositPercent) };
  const lateCancel = draft.lateKeeps === 'percent' ? { keeps: 'percent' as const, percent: typed(draft.latePercent) } : { keeps: draft.lateKeeps };
  return { mode: draft.mode, deposit, lateCancel };
}
