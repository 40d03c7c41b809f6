import { addressOfHostname, inNetworks, isLocalhostName, isPublicAddress, LOOPBACK_NETWORKS } from './network-address';

/** Endpoints one clinic may register. */
export const MAX_WEBHOOK_ENDPOINTS = 5;

export type WebhookUrlProblem = 'httpsRequired' | 'privateAddress';

/** Where webhooks may go: production's rules, and the networks the deployer let in (WEBHOOK_ALLOWED_NETWORKS). */
export interface WebhookNetworkRules {
  production: boolean;
  allowedNetworks: readonly string[];
}

/**
 * The networks webhooks may reach besides public addresses: the deployer's, and outside
 * production this machine's loopback, for a developer's own receiver. The delivery's connection
 * filter (server/webhooks/post-webhook.ts) allows exactly these.
 */
export function webhookAllowedNetworks(rules: WebhookNetworkRules): string[] {
  return [...(rules.production ? [] : LOOPBACK_NETWORKS), ...rules.allowedNetworks];
}

/** Whether a webhook may connect to this address. */
function webhookAddressAllowed(address: string, rules: WebhookNetworkRules): boolean {
  return isPublicAddress(address) || inNetworks(address, webhookAllowedNetworks(rules));
}

/**
 * Why an address may not receive webhooks, or null. Events carry visitors' names and contacts,
 * so they travel over https only; outside production an http address on this machine is
 * accepted too, for a developer's own receiver. An address written as an IP, in any spelling,
 * or as `localhost`, must be public (or allowed above); a name is judged again by the address
 * it resolves to at every delivery, which is what counts (a name can change its address).
 */
export function webhookUrlProblem(value: string, rules: WebhookNetworkRules): WebhookUrlProblem | null {
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'httpsRequired';
  const address = isLocalhostName(url.hostname) ? '127.0.0.1' : addressOfHostname(url.hostname);
  if (address !== null && !webhookAddressAllowed(address, rules)) return 'privateAddress';
  const loopback = address !== null && inNetworks(address, LOOPBACK_NETWORKS);
  if (url.protocol === 'http:' && !(loopback && !rules.production)) return 'httpsRequired';
  return null;
}
