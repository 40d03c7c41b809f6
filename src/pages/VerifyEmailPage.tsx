import { Link, useSearchParams } from 'react-router-dom';
import { AccountCard } from '../account/AccountCard';
import { useI18nContext } from '../../i18n/i18n-react';
import { messageOf } from '../lib/errors';
import { trpc } from '../lib/trpc';

/**
 * Where the owner's verification link lands. Opening it changes nothing: only the button POSTs
 * the token, so a mail scanner that follows links verifies nobody (docs/decisions/0039).
 */
export default function VerifyEmailPage() {
  const { LL } = useI18nContext();
  const text = LL.account.verifyEmail;
  const token = useSearchParams()[0].get('token');
  const verify = trpc.auth.verifyEmail.useMutation();

  if (verify.isSuccess) {
    return (
      <AccountCard title={text.doneTitle()}>
        <p role="status">{text.done()}</p>
        <Link to="/admin-setup" className="btn btn-primary">
          {text.toAdmin()}
        </Link>
      </AccountCard>
    );
  }
  return (
    <AccountCard title={text.title()}>
      {token ? (
        <>
          <p>{text.intro()}</p>
          <button type="button" className="btn btn-primary" disabled={verify.isPending} onClick={() => verify.mutate({ token })}>
            {verify.isPending ? text.pending() : text.submit()}
          </button>
        </>
      ) : (
        <p role="alert">{text.missing()}</p>
      )}
      {verify.isError && (
        <p role="alert" className="text-error">
          {messageOf(verify.error, text.failed())}
        </p>
      )}
    </AccountCard>
  );
}
