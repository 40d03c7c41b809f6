import { useState } from 'react';
import { DEPOSIT_KINDS, LATE_CANCEL_KEEPS, PAYMENT_MODES, type PaymentPolicy } from '../../../domain/payment-policy';
import { useI18nContext } from '../../../i18n/i18n-react';
import { formErrorsOf } from '../../lib/form-errors';
import { type ControlProps, Field } from '../Field';
import { type PolicyDraft, policyDraftOf, policyOfDraft } from './policy-draft';

const POLICY_FIELDS = ['mode', 'deposit', 'deposit.sen', 'deposit.percent', 'lateCancel.percent'];

interface Props {
  initial: PaymentPolicy;
  /** Where the policy sits in the request ('policy' for a psychologist's), to find its fields' errors. */
  prefix?: string;
  saving: boolean;
  error: unknown;
  onSave: (policy: PaymentPolicy) => void;
}

/** The payment policy's form: the mode, the deposit, what a late cancel keeps; the server's refusals under their fields. */
export function PolicyForm({ initial, prefix, saving, error, onSave }: Props) {
  const { LL } = useI18nContext();
  const t = LL.clinicPayments.screen;
  const [draft, setDraft] = useState<PolicyDraft>(() => policyDraftOf(initial));
  const at = (field: string) => (prefix ? `${prefix}.${field}` : field);
  const { fields, message } = formErrorsOf(error, t.saveFailed(), { fields: POLICY_FIELDS.map(at) });
  const errorOf = (field: string) => fields[at(field)];
  const usesDeposit = draft.mode === 'deposit' || (draft.mode !== 'off' && draft.lateKeeps === 'deposit');
  const select = (value: string, onChange: (value: string) => void, options: readonly string[], label: (option: string) => string) =>
    (control: ControlProps) => (
      <select {...control} className="select w-full" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {label(option)}
          </option>
        ))}
      </select>
    );
  const numberInput = (value: string, onChange: (value: string) => void, invalid: boolean, step: string) =>
    (control: ControlProps) => (
      <input {...control} type="number" inputMode="decimal" min="0" step={step} className={`input w-full ${invalid ? 'input-error' : ''}`} value={value} onChange={(event) => onChange(event.target.value)} />
    );
  const change = (part: Partial<PolicyDraft>) => setDraft({ ...draft, ...part });
  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSave(policyOfDraft(draft));
      }}
    >
      <Field label={t.mode()} error={errorOf('mode')}>
        {select(draft.mode, (mode) => change({ mode: mode as PolicyDraft['mode'] }), PAYMENT_MODES, (mode) => t.modes[mode as PolicyDraft['mode']]())}
      </Field>
      {usesDeposit && (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t.depositKind()} error={errorOf('deposit')}>
            {select(draft.depositKind, (kind) => change({ depositKind: kind as PolicyDraft['depositKind'] }), DEPOSIT_KINDS, (kind) => t.depositKinds[kind as PolicyDraft['depositKind']]())}
          </Field>
          {draft.depositKind === 'fixed' ? (
            <Field label={t.depositAmount()} error={errorOf('deposit.sen')}>
              {numberInput(draft.depositRinggit, (depositRinggit) => change({ depositRinggit }), Boolean(errorOf('deposit.sen')), '0.01')}
            </Field>
          ) : (
            <Field label={t.percent()} error={errorOf('deposit.percent')}>
              {numberInput(draft.depositPercent, (depositPercent) => change({ depositPercent }), Boolean(errorOf('deposit.percent')), '1')}
            </Field>
          )}
        </div>
      )}
      {draft.mode !== 'off' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t.lateCancel()}>
            {select(draft.lateKeeps, (keeps) => change({ lateKeeps: keeps as PolicyDraft['lateKeeps'] }), LATE_CANCEL_KEEPS, (keeps) => t.lateCancelKeeps[keeps as PolicyDraft['lateKeeps']]())}
          </Field>
          {draft.lateKeeps === 'percent' && (
            <Field label={t.percent()} error={errorOf('lateCancel.percent')}>
              {numberInput(draft.latePercent, (latePercent) => change({ latePercent }), Boolean(errorOf('lateCancel.percent')), '1')}
            </Field>
          )}
        </div>
      )}
      {message && (
        <p role="alert" className="text-sm text-error">
          {message}
        </p>
      )}
      <div>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? t.saving() : t.save()}
        </button>
      </div>
    </form>
  );
}
