import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useI18nContext } from '../../i18n/i18n-react';
import { messageOf } from '../lib/errors';
import { fieldErrorsOf } from '../lib/form-errors';
import { DEFAULT_AFTER_SIGN_IN } from '../lib/return-path';
import { trpc } from '../lib/trpc';
import { TextField } from '../components/TextField';

export interface CredentialField {
  name: 'username' | 'email' | 'password';
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
}

interface Props {
  fields: CredentialField[];
  submitLabel: string;
  pendingLabel: string;
  /**
   * Sends the values; resolves once the server has signed the operator in, or with `false`
   * when it asks for more first (sign-in's second factor), and the page shows that step.
   */
  submit: (values: Record<string, string>) => Promise<unknown>;
  pending: boolean;
  footer: ReactNode;
  /** Problems of filled-in values the form can tell before sending, by field name. */
  validate?: (values: Record<string, string>) => Record<string, string>;
  /** Where a signed-in operator goes next (src/lib/return-path.ts); admin setup by default. */
  destination?: string;
}

/** Login and signup: every field required, the server's message (or the screen's fallback) on failure. */
export function CredentialsForm({ fields, submitLabel, pendingLabel, submit, pending, footer, validate, destination = DEFAULT_AFTER_SIGN_IN }: Props) {
  const { LL } = useI18nContext();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [values, setValues] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = Object.fromEntries(
      fields.filter((f) => !(values[f.name] ?? '').trim()).map((f) => [f.name, LL.account.required({ field: f.label })]),
    );
    const problems = { ...validate?.(values), ...missing };
    setFieldErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length > 0) return;
    try {
      if ((await submit(values)) === false) return;
      await utils.admin.account.me.invalidate();
      navigate(destination);
    } catch (error) {
      setFieldErrors(fieldErrorsOf(error));
      setFailure(messageOf(error, LL.account.genericError()));
    }
  };

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
      {failure && (
        <p role="alert" className="alert alert-error">
          {failure}
        </p>
      )}
      {fields.map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          type={field.type}
          autoComplete={field.autoComplete}
          required
          value={values[field.name] ?? ''}
          error={fieldErrors[field.name]}
          onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
        />
      ))}
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </button>
      {footer}
    </form>
  );
}
