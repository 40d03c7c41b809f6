import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { passwordProblem } from '../../domain/password';
import { useI18nContext } from '../../i18n/i18n-react';
import { AccountCard } from '../account/AccountCard';
import { CredentialsForm } from '../account/CredentialsForm';
import { SecondFactorStep } from '../account/SecondFactorStep';
import { messageOf } from '../lib/errors';
import { fieldErrorsOf } from '../lib/form-errors';
import { DEFAULT_AFTER_SIGN_IN } from '../lib/return-path';
import { trpc } from '../lib/trpc';

type Choice = 'new' | 'existing';

/** /invitation?token=…, the invitation mail's link: join with a new username and password, or with an account one has. */
export default function AcceptInvitationPage() {
  const { LL } = useI18nContext();
  const t = LL.team.accept;
  const token = useSearchParams()[0].get('token');
  const accept = trpc.auth.acceptInvitation.useMutation();
  // Who sent it and for which role, so the invitee knows what they join; an unusable link reads so here too.
  const preview = trpc.auth.invitationPreview.useQuery({ token: token ?? '' }, { enabled: token !== null, retry: false });
  const [choice, setChoice] = useState<Choice>('new');
  // Set once an existing account's password was right and it asks for its second factor.
  const [awaitingCode, setAwaitingCode] = useState<{ username: string; password: string } | null>(null);

  if (!token) {
    return (
      <AccountCard title={t.missingTitle()}>
        <p role="alert" className="alert alert-error">
          {t.missing()}
        </p>
        <Link to="/" className="link text-sm">
          {LL.account.backHome()}
        </Link>
      </AccountCard>
    );
  }

  if (awaitingCode) {
    return (
      <AccountCard title={t.title()}>
        <SecondFactorStep
          verify={(code) => accept.mutateAsync({ token, account: 'existing', ...awaitingCode, code })}
          pending={accept.isPending}
          destination={DEFAULT_AFTER_SIGN_IN}
          onStartOver={() => setAwaitingCode(null)}
        />
      </AccountCard>
    );
  }

  const isNew = choice === 'new';
  const join = async (values: Record<string, string>) => {
    const credentials = { username: values.username ?? '', password: values.password ?? '' };
    try {
      return await accept.mutateAsync({ token, account: choice, ...credentials });
    } catch (error) {
      // The server asks for the code as a field problem; the page answers with the code step.
      if (isNew || !fieldErrorsOf(error).code) throw error;
      setAwaitingCode(credentials);
      return false;
    }
  };
  return (
    <AccountCard title={t.title()}>
      {preview.data && (
        <p className="font-semibold">{t.invitedBy({ inviter: preview.data.inviter, clinic: preview.data.clinic, role: LL.team.roles[preview.data.role]() })}</p>
      )}
      {preview.isError && (
        <p role="alert" className="alert alert-error">
          {messageOf(preview.error, t.missing())}
        </p>
      )}
      <p>{t.intro()}</p>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t.chooseLabel()}</legend>
        {(['new', 'existing'] as const).map((option) => (
          <label key={option} className="flex cursor-pointer items-center gap-2">
            <input type="radio" className="radio radio-sm" name="account" value={option} checked={choice === option} onChange={() => setChoice(option)} />
            {option === 'new' ? t.newAccount() : t.existingAccount()}
          </label>
        ))}
      </fieldset>
      <CredentialsForm
        // A fresh form for each choice: what was typed for one is not sent as the other.
        key={choice}
        fields={[
          { name: 'username', label: LL.account.username(), type: 'text', autoComplete: 'username' },
          { name: 'password', label: LL.account.password(), type: 'password', autoComplete: isNew ? 'new-password' : 'current-password' },
        ]}
        submitLabel={isNew ? t.newSubmit() : t.existingSubmit()}
        pendingLabel={t.pending()}
        pending={accept.isPending}
        validate={(values): Record<string, string> => {
          const problem = isNew && values.password ? passwordProblem(values.password, { username: values.username ?? '' }) : undefined;
          return problem ? { password: LL.account.passwordRules[problem]() } : {};
        }}
        submit={join}
        footer={
          <Link to="/forgot-password" className="link text-sm">
            {LL.account.login.forgot()}
          </Link>
        }
      />
    </AccountCard>
  );
}
