import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { isValidEmail } from '../../domain/email';
import { AccountCard } from '../account/AccountCard';
import { TextField } from '../components/TextField';
import { useToast } from '../components/toast';
import { useI18nContext } from '../../i18n/i18n-react';
import { localePath } from '../lib/locale';
import { messageOf } from '../lib/errors';
import { trpc } from '../lib/trpc';

export default function ForgotPasswordPage() {
  const { LL, locale } = useI18nContext();
  const text = LL.account.forgot;
  const toast = useToast();
  const request = trpc.auth.requestPasswordReset.useMutation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setError(text.invalidEmail());
      return;
    }
    setError(undefined);
    request.mutate(
      { email: email.trim() },
      {
        onSuccess: () => {
          setSentTo(email.trim());
          toast({ title: text.sentToastTitle(), description: text.sentToast(), variant: 'success' });
        },
        onError: (failure) => toast({ title: text.errorTitle(), description: messageOf(failure, text.failed()), variant: 'error' }),
      },
    );
  };

  return (
    <AccountCard title={sentTo ? text.checkTitle() : text.title()}>
      <Link to={localePath(locale, '/login')} className="link text-sm">
        {text.backToLogin()}
      </Link>
      {sentTo ? (
        <div className="flex flex-col gap-3">
          <p>{text.checkText({ email: sentTo })}</p>
          <p className="text-sm text-base-content/80">{text.expiry()}</p>
          <button type="button" className="btn btn-outline" onClick={() => setSentTo(null)}>
            {text.sendAnother()}
          </button>
        </div>
      ) : (
        <form className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
          <p>{text.intro()}</p>
          <TextField label={LL.account.email()} type="email" autoComplete="email" required value={email} error={error} onChange={setEmail} />
          <button type="submit" className="btn btn-primary" disabled={request.isPending}>
            {request.isPending ? text.pending() : text.submit()}
          </button>
        </form>
      )}
    </AccountCard>
  );
}
