import { isLocalhostName, isThisMachineAddress } from '../domain/network-address';

/**
 * The two addresses a production start must get right before anyone notices they are wrong:
 * where visitors' links point (PUBLIC_URL) and whom every mail says it is from (MAIL_FROM).
 * Each function answers why the value cannot serve the open internet, or undefined.
 */

/** The name as compared: lower case, without the root's trailing dot or an IPv6 literal's brackets. */
const bareHost = (host: string) => host.toLowerCase().replace(/\.$/, '').replace(/^\[(.*)\]$/, '$1');

/** This machine by name (RFC 6761 keeps `localhost` and everything under it) or by address. */
const namesThisMachine = (host: string) => isLocalhostName(host) || isThisMachineAddress(host);

export function publicUrlProblem(value: string): string | undefined {
  const url = new URL(value);
  if (url.protocol !== 'https:') {
    return "must be https in production: the session cookie is only Secure and __Host- prefixed over https, and visitors' links would travel in the clear";
  }
  if (namesThisMachine(bareHost(url.hostname))) {
    return "names this machine: every link in a mail would point at the reader's own computer. Set the address visitors use, such as https://screen.klinik.my";
  }
  return undefined;
}

/**
 * Names no one can own (RFC 2606 and RFC 6761, and .local of RFC 6762): no SPF or DMARC check
 * passes for a sender there, so receivers drop or bin the mail.
 */
const RESERVED_TOP_LEVEL = ['local', 'localhost', 'example', 'test', 'invalid'];
const RESERVED_SECOND_LEVEL = ['example.com', 'example.net', 'example.org'];

/** The domain of `Name <user@domain>` or of a bare `user@domain`. */
function senderDomain(from: string): string | undefined {
  const address = /<([^<>]*)>\s*$/.exec(from)?.[1] ?? from;
  const at = address.lastIndexOf('@');
  return at < 1 ? undefined : bareHost(address.slice(at + 1).trim());
}

export function mailFromProblem(value: string): string | undefined {
  const domain = senderDomain(value);
  if (!domain || !domain.includes('.')) return 'must be an address on your own domain, such as Klinik <no-reply@klinik.my>';
  const reserved =
    RESERVED_TOP_LEVEL.find((name) => domain === name || domain.endsWith(`.${name}`)) ??
    RESERVED_SECOND_LEVEL.find((name) => domain === name || domain.endsWith(`.${name}`));
  if (reserved) {
    return `is on ${domain}, a reserved domain (.${reserved}) for which no SPF or DMARC check passes, so receivers drop the mail: send from your own domain, such as Klinik <no-reply@klinik.my>`;
  }
  return undefined;
}
