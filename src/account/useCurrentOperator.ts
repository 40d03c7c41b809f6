import { hasErrorCode } from '../lib/errors';
import { type RouterOutputs, trpc } from '../lib/trpc';

/** The signed-in person, their role in the session's clinic, and their clinics. */
export type CurrentMember = RouterOutputs['admin']['account']['me'];

export type CurrentOperator =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; operator: CurrentMember }
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
