import { normaliseAccountName } from './account-names';

/** Domains whose mailboxes ignore dots in the local part: one Gmail account, two spellings of its domain. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an e-mail address reaches, as limits and blocks count it: `Siti.Aminah+clinic@GoogleMail.com`
 * and `sitiaminah@gmail.com` are one person. Case and compatibility forms are folded as account
 * names are (account-names.ts), a `+tag` is dropped at every domain (most providers deliver it to the same box),
 * and Gmail's dots are dropped. Not an address to send to: mail goes to what the visitor typed.
 */
export function emailIdentity(email: string): string {
  const folded = normaliseAccountName(email.trim());
  const at = folded.lastIndexOf('@');
  if (at < 0) return folded;
  const domain = folded.slice(at + 1).replace(/\.$/, '');
  const local = folded.slice(0, at).split('+')[0]!;
  if (GMAIL_DOMAINS.has(domain)) return `${local.replaceAll('.', '')}@gmail.com`;
  return `${local}@${domain}`;
}
