import { useLocation } from 'react-router-dom';
import type { Locales } from '../../i18n/i18n-types';

/** The Malay screener lives under /ms; every other page is English. */
function localeOfPath(pathname: string): Locales {
  return pathname === '/ms' || pathname.startsWith('/ms/') ? 'ms' : 'en';
}

export function useRouteLocale(): Locales {
  return localeOfPath(useLocation().pathname);
}

/** A page's path in the locale: the Malay pages live under /ms (the English ones keep SPEC's paths). */
export function localePath(locale: Locales, path: string): string {
  // The landing page has no Malay version yet: '/' stays '/'.
  return locale === 'ms' && path !== '/' ? `/ms${path}` : path;
}
