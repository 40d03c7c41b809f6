import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { useI18nContext } from '../../i18n/i18n-react';
import { trpc } from '../lib/trpc';
import { useAdminToast } from './useAdminToast';

interface Props {
  username: string;
  /** The public screener's path, or null before the first save. */
  screenerPath: string | null;
}

/** The operator's name, a View Screener link, Logout and Sign out everywhere. */
export function AdminHeader({ username, screenerPath }: Props) {
  const { LL, locale } = useI18nContext();
  const toast = useAdminToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedOut = {
    onSuccess: () => {
      navigate('/login', { replace: true });
      // Nothing of this operator may stay cached for the next one to see.
      queryClient.clear();
    },
    onError: (error: unknown) => toast.failure(error, LL.admin.header.logoutFailed()),
  };
  const logout = trpc.auth.logout.useMutation(signedOut);
  const logoutEverywhere = trpc.admin.account.logoutEverywhere.useMutation(signedOut);
  const pending = logout.isPending || logoutEverywhere.isPending;

  return (
    <header className="navbar flex-wrap gap-2 bg-base-100 px-4 shadow-sm">
      <div className="flex-1">
        <span className="text-lg font-bold">{LL.appName()}</span>
        <span className="ml-3 text-sm text-base-content/80">{LL.admin.header.signedInAs({ username })}</span>
      </div>
      <nav className="flex gap-2">
        {/* The clinic's language: the admin's texts, and the server's messages, in Malay under /ms. */}
        <Link to={locale === 'ms' ? '/admin-setup' : '/ms/admin-setup'} lang={LL.admin.header.otherLanguageCode()} className="btn btn-ghost btn-sm">
          {LL.admin.header.otherLanguage()}
        </Link>
        {screenerPath && (
          <a href={screenerPath} target="_blank" rel="noopener noreferrer" className="btn btn-ghost btn-sm">
            {LL.admin.header.viewScreener()}
            <span className="sr-only"> {LL.admin.header.opensInNewTab()}</span>
          </a>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          title={LL.admin.header.logoutEverywhereHint()}
          onClick={() => logoutEverywhere.mutate()}
          disabled={pending}
        >
          {logoutEverywhere.isPending ? LL.admin.header.loggingOut() : LL.admin.header.logoutEverywhere()}
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => logout.mutate()} disabled={pending}>
          {logout.isPending ? LL.admin.header.loggingOut() : LL.admin.header.logout()}
        </button>
      </nav>
    </header>
  );
}
