import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { passwordProblem } from '../../domain/password';
import { AccountCard } from '../account/AccountCard';
import { TextField } from '../components/TextField';
import { useToast } from '../components/toast';
import { useI18nContext } from '../../i18n/i18n-react';
import { localePath } from '../lib/locale';
import { messageOf } from '../lib/errors';
import { trpc } from '../lib/trpc';

/** After a successful reset the screen says so, then goes to /login after 3 seconds. */
const REDIRECT_AFTER_RESET_MS = 3000;

export default function ResetPasswordPage() {
  const { LL, locale } = useI18nContext();
  const text = LL.account.reset;
  const toast = useToast();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token');
  const reset = trpc.auth.resetPassword.useMutation();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmPassword?: string }>({});

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => navigate(localePath(locale, '/login')), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate, locale]);

  if (!token) {
    return (
      <AccountCard title={text.invalidTitle()}>
        <div role="alert" className="alert alert-error alert-vertical items-start">
          <p className="font-semibold">{text.invalidNoticeTitle()}</p>
          <p>{text.invalidNotice()}</p>
        </div>
        <Link to={localePath(locale, '/forgot-password')} className="btn btn-primary">
          {text.requestNew()}
        </Link>
      </AccountCard>
    );
  }
  if (reset.isSuccess) {
    return (
      <AccountCard title={text.completeTitle()}>
        <p role="status">{text.redirecting()}</p>
      </AccountCard>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The names of the account are the server's to check: the link alone does not tell them.
    const problem = passwordProblem(password);
    const found = {
      password: problem && LL.account.passwordRules[problem](),
      confirmPassword: confirmPassword !== password ? text.mismatch() : undefined,
    };
    setErrors(found);
    if (found.password || found.confirmPassword) return;
    reset.mutate(
      { token, password },
      {
        onSuccess: () => toast({ title: text.successToastTitle(), description: text.successToast(), variant: 'success' }),
        onError: (failure) => toast({ title: text.failedTitle(), description: messageOf(failure, text.failed()), variant: 'error' }),
      },
    );
  };

  return (
    <AccountCard title={text.title()}>
      <form className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
        <TextField label={text.newPassword()} type="password" autoComplete="new-password" required value={password} error={errors.password} onChange={setPassword} />
        <TextField
          label={text.confirmPassword()}
          type="password"
          autoComplete="new-password"
          required
          value={confirmPassword}
          error={errors.confirmPassword}
          onChange={setConfirmPassword}
        />
        <button type="submit" className="btn btn-primary" disabled={reset.isPending}>
          {reset.isPending ? text.pending() : text.submit()}
        </button>
      </form>
    </AccountCard>
  );
}
