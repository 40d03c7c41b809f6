/** Where signing in leads when no page asked to be returned to. */
export const DEFAULT_AFTER_SIGN_IN = '/admin-setup';

/** Any origin would do: only whether the path stays on it matters. */
const SAME_SITE = 'https://minda.invalid';

/**
 * The page sign-in returns to: `next` when it is a path of this site, else admin setup. A
 * `//host`, a `/\host` (browsers read it as `//host`) or an absolute URL would send the clinic,
 * freshly signed in, to another site: an open redirect.
 */
export function returnPathOf(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return DEFAULT_AFTER_SIGN_IN;
  // The URL parser drops tabs and newlines, which can turn '/\t/host' into '//host'.
  const url = new URL(next, SAME_SITE);
  if (url.origin !== SAME_SITE) return DEFAULT_AFTER_SIGN_IN;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page, returning to `path` afterwards. */
export function loginReturningTo(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}
