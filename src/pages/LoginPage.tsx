import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AccountCard } from '../account/AccountCard';
import { CredentialsForm } from '../account/CredentialsForm';
import { RedirectIfSignedIn } from '../account/RedirectIfSignedIn';
import { SecondFactorStep } from '../account/SecondFactorStep';
import { useI18nContext } from '../../i18n/i18n-react';
import { localePath } from '../lib/locale';
import { returnPathOf } from '../lib/return-path';
import { trpc } from '../lib/trpc';

/** /login, or /login?next=/subscribe to come back to the page that asked for sign-in. */
export default function LoginPage() {
  const { LL, locale } = useI18nContext();
  const login = trpc.auth.login.useMutation();
  const [params] = useSearchParams();
  const destination = returnPathOf(params.get('next'));
  // Set once the password was right and the account asks for a second factor.
  const [awaitingCode, setAwaitingCode] = useState<{ username: string; password: string } | null>(null);
  return (
    <RedirectIfSignedIn to={destination}>
      <AccountCard title={LL.account.login.title()}>
        {awaitingCode ? (
          <SecondFactorStep
            verify={(code) => login.mutateAsync({ ...awaitingCode, code })}
            pending={login.isPending}
            destination={destination}
            onStartOver={() => setAwaitingCode(null)}
          />
        ) : (
          <CredentialsForm
            fields={[
              { name: 'username', label: LL.account.username(), type: 'text', autoComplete: 'username' },
              { name: 'password', label: LL.account.password(), type: 'password', autoComplete: 'current-password' },
            ]}
            submitLabel={LL.account.login.submit()}
            pendingLabel={LL.account.login.pending()}
            pending={login.isPending}
            destination={destination}
            submit={async (values) => {
              const credentials = { username: values.username ?? '', password: values.password ?? '' };
              const answer = await login.mutateAsync(credentials);
              if (!('twoFactorRequired' in answer)) return true;
              setAwaitingCode(credentials);
              return false;
            }}
            footer={
              <div className="flex flex-col gap-2 text-sm">
                <Link to={localePath(locale, '/forgot-password')} className="link">
                  {LL.account.login.forgot()}
                </Link>
                <Link to={localePath(locale, '/signup')} className="link">
                  {LL.account.login.noAccount()}
                </Link>
                <Link to={localePath(locale, '/')} className="link">
                  {LL.account.backHome()}
                </Link>
              </div>
            }
          />
        )}
      </AccountCard>
    </RedirectIfSignedIn>
  );
}
