import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { DENIED_UNICAST_NETWORKS } from '../../domain/network-address';
import { webhookAllowedNetworks, type WebhookNetworkRules } from '../../domain/webhooks';

export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The whole attempt, from the connection to the answer's status. */
  timeoutMs: number;
  rules: WebhookNetworkRules;
  /** How names become addresses: the system resolver unless a test gives its own. */
  lookup?: LookupFunction;
}

/**
 * Agents that check the address actually connected to, at connect time, after the name was
 * resolved (request-filtering-agent): a name the clinic registered that resolves, now or after
 * a DNS change, to loopback or a private network is refused before any byte is sent. Only
 * ipaddr.js's `unicast` passes, less the ranges ours also denies, plus the allowed networks;
 * the same rules as registration (domain/webhooks.ts).
 */
function filteringAgents(rules: WebhookNetworkRules) {
  const options = { allowIPAddressList: webhookAllowedNetworks(rules), denyIPAddressList: [...DENIED_UNICAST_NETWORKS] };
  return { http: new RequestFilteringHttpAgent(options), https: new RequestFilteringHttpsAgent(options) };
}

const agents = new Map<string, ReturnType<typeof filteringAgents>>();

function agentsFor(rules: WebhookNetworkRules) {
  const key = JSON.stringify(rules);
  let found = agents.get(key);
  if (!found) agents.set(key, (found = filteringAgents(rules)));
  return found;
}

/**
 * POSTs one webhook and answers the receiver's status. No redirect is followed: a 3xx is an
 * answer like any other that is not 2xx, so an event never goes where the clinic did not
 * register it. Throws when there is no answer (refused address, timeout, connection error).
 */
export function postWebhook(post: WebhookPost): Promise<number> {
  const url = new URL(post.url);
  const https = url.protocol === 'https:';
  const send = https ? httpsRequest : httpRequest;
  const agent = agentsFor(post.rules)[https ? 'https' : 'http'];
  const timeout = AbortSignal.timeout(post.timeoutMs);
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: 'POST',
        agent,
        headers: { ...post.headers, 'content-length': String(Buffer.byteLength(post.body)) },
        signal: timeout,
        ...(post.lookup && { lookup: post.lookup }),
      },
      (response) => {
        // Only the status counts; the receiver's body is not read.
        response.destroy();
        resolve(response.statusCode ?? 0);
      },
    );
    // A timeout reads as one (TimeoutError), not as the AbortError it is raised through.
    request.on('error', (error) => reject(timeout.aborted ? timeout.reason : error));
    request.end(post.body);
  });
}
