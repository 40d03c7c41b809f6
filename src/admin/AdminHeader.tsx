import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useI18nContext } from '../../i18n/i18n-react';
import type { CurrentMember } from '../account/useCurrentOperator';
import { trpc } from '../lib/trpc';
import { ClinicSwitcher } from '../team/ClinicSwitcher';
import { otherLanguagePath } from './admin-paths';
import { useAdminToast } from './useAdminToast';

interface Props {
  me: CurrentMember;
  /** The public screener's path, or null before the first save. */
  screenerPath: string | null;
}

/** The member's name, the clinic switcher, a View Screener link, Logout and Sign out everywhere. */
export function AdminHeader({ me, screenerPath }: Props) {
  const { LL } = useI18nContext();
  const { pathname } = useLocation();
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
        <span className="ml-3 text-sm text-base-content/80">{LL.admin.header.signedInAs({ username: me.username })}</span>
      </div>
      <ClinicSwitcher me={me} />
      <nav className="flex flex-wrap gap-2">
        {/* The clinic's language: the admin's texts, and the server's messages, in Malay under /ms. */}
        <Link to={otherLanguagePath(pathname)} lang={LL.admin.header.otherLanguageCode()} className="btn btn-ghost btn-sm">
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
