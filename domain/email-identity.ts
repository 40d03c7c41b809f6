/** Mailboxes that ignore dots in the local part: one inbox behind every dotted spelling. */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address reaches, as a limit or a block should count it: case folded, a
 * `+tag` dropped, and Gmail's dots ignored (googlemail.com is gmail.com). Two spellings of one
 * inbox give the same identity; the address itself is still what mail is sent to.
 */
export function emailIdentity(email: string): string {
  const address = email.trim().normalize('NFKC').toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const domain = address.slice(at + 1) === 'googlemail.com' ? 'gmail.com' : address.slice(at + 1);
  const untagged = address.slice(0, at).split('+')[0]!;
  const local = DOTLESS_DOMAINS.has(domain) ? untagged.replaceAll('.', '') : untagged;
  return `${local}@${domain}`;
}
