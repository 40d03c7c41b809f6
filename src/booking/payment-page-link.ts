import type { Locales } from '../../i18n/i18n-types';
import { localePath } from '../lib/locale';
import type { PaidHold } from './paid-hold';

type TokenStorage = Pick<Storage, 'getItem' | 'setItem'>;

const storageKey = (appointmentId: string) => `minda.booking-payment.${appointmentId}`;

/**
 * Minda's own page for a paid hold's payment, which the embed opens in a pop-up (docs/decisions/0062),
 * in the visitor's language. The hold's token rides in the fragment: browsers send it to no
 * server (so no access log holds it) and leave it out of every Referer.
 */
export function paymentPageUrl(origin: string, locale: Locales, hold: PaidHold): string {
  return `${origin}${localePath(locale, `/booking-payment/${hold.appointmentId}`)}#${hold.token}`;
}

/**
 * The hold's token on the payment page: from the fragment when the pop-up opens, then from the
 * tab, where it is kept because FPX's and GrabPay's return (to the page less its fragment) and
 * a reload come back without it. Null when the page was opened without it.
 */
export function paymentPageToken(url: URL, appointmentId: string, storage: TokenStorage | undefined): string | null {
  const given = url.hash.slice(1);
  if (!given) return storage?.getItem(storageKey(appointmentId)) ?? null;
  try {
    storage?.setItem(storageKey(appointmentId), given);
  } catch {
    // Storage refused: this load still pays; a redirect method's return will not find the token.
  }
  return given;
}
