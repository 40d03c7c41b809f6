import type { AdminSectionId } from '../../domain/roles';
import type { Locales } from '../../i18n/i18n-types';

/**
 * Screens whose address changed to follow their name in the menu (docs/decisions/0054): the
 * old address, bookmarked or in a mail, opens the screen at its new one.
 */
const FORMER_ADDRESSES: Readonly<Record<string, AdminSectionId>> = { 'two-factor': 'password-and-two-factor' };

/** The screen an old address now lives at, if it is one. */
export function movedSection(section: string): AdminSectionId | undefined {
  return Object.hasOwn(FORMER_ADDRESSES, section) ? FORMER_ADDRESSES[section] : undefined;
}

/**
 * Where an admin screen lives: /admin/<id>, under /ms in Malay (docs/decisions/0048); the id is
 * the screen's English menu name, lower-cased and hyphenated, in both languages (0054).
 */
export function adminPath(locale: Locales, section: string): string {
  return `${locale === 'ms' ? '/ms' : ''}/admin/${section}`;
}

/** The same screen in the other language: /ms added or taken away. */
export function otherLanguagePath(pathname: string): string {
  return pathname === '/ms' || pathname.startsWith('/ms/') ? pathname.slice(3) || '/' : `/ms${pathname}`;
}
