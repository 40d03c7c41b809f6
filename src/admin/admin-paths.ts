import type { Locales } from '../../i18n/i18n-types';

/** Where an admin screen lives: /admin/<id>, under /ms in Malay (docs/decisions/0048). */
export function adminPath(locale: Locales, section: string): string {
  return `${locale === 'ms' ? '/ms' : ''}/admin/${section}`;
}

/** The same screen in the other language: /ms added or taken away. */
export function otherLanguagePath(pathname: string): string {
  return pathname === '/ms' || pathname.startsWith('/ms/') ? pathname.slice(3) || '/' : `/ms${pathname}`;
}
