import { hasErrorCode } from '../lib/errors';
import { trpc } from '../lib/trpc';

export type CurrentOperator =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; operator: { id: string; username: string; email: string } }
  | { status: 'error' };

/** A 401 on the current-user call means not signed in. */
export function useCurrentOperator(): CurrentOperator {
  const me = trpc.admin.account.me.useQuery();
  if (me.isPending) return { status: 'loading' };
  if (me.isError) {
    return hasErrorCode(me.error, 'UNAUTHORIZED') ? { status: 'signedOut' } : { status: 'error' };
  }
  return { status: 'signedIn', operator: me.data };
}
