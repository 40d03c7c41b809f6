import { Link } from 'react-router-dom';
import { passwordProblem } from '../../domain/password';
import { AccountCard } from '../account/AccountCard';
import { CredentialsForm } from '../account/CredentialsForm';
import { RedirectIfSignedIn } from '../account/RedirectIfSignedIn';
import { useI18nContext } from '../../i18n/i18n-react';
import { localePath } from '../lib/locale';
import { trpc } from '../lib/trpc';

export default function SignupPage() {
  const { LL, locale } = useI18nContext();
  const register = trpc.auth.register.useMutation();
  return (
    <RedirectIfSignedIn>
      <AccountCard title={LL.account.signup.title()}>
        <CredentialsForm
          fields={[
            { name: 'username', label: LL.account.username(), type: 'text', autoComplete: 'username' },
            { name: 'email', label: LL.account.email(), type: 'email', autoComplete: 'email' },
            { name: 'password', label: LL.account.password(), type: 'password', autoComplete: 'new-password' },
          ]}
          submitLabel={LL.account.signup.submit()}
          pendingLabel={LL.account.signup.pending()}
          pending={register.isPending}
          validate={(values): Record<string, string> => {
            const problem = values.password ? passwordProblem(values.password, values) : undefined;
            return problem ? { password: LL.account.passwordRules[problem]() } : {};
          }}
          submit={(values) =>
            register.mutateAsync({ username: values.username ?? '', email: values.email ?? '', password: values.password ?? '' })
          }
          footer={
            <Link to={localePath(locale, '/login')} className="link text-sm">
              {LL.account.signup.haveAccount()}
            </Link>
          }
        />
      </AccountCard>
    </RedirectIfSignedIn>
  );
}
