import { WhatsAppAPI } from 'whatsapp-api-js';
import { BodyComponent, BodyParameter, Language, PayloadComponent, Template, Text, URLComponent } from 'whatsapp-api-js/messages';
import type { WhatsappBody } from '../../domain/whatsapp-messages';
import type { WhatsappSettings } from '../env';

const GRAPH_URL = 'https://graph.facebook.com';

/**
 * Meta's error codes worth another attempt (developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes):
 * the rate limits (4 app calls, 80007 account, 130429 throughput, 131056 pair) and its own
 * failures (1, 2 service unavailable, 131000 something went wrong, 131016 service overloaded).
 * Any other refusal is for good: an invalid number (131026), a template not approved (132001),
 * a parameter Meta rejects (131008, 132000, 100).
 */
const RETRIED_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056]);

export type SendOutcome = { sent: string } | { retry: string } | { failed: string };

/** The Cloud API, through whatsapp-api-js (docs/decisions/0063), for sending and for checking webhooks. */
export interface CloudApi {
  send(message: { sender: string; to: string; body: WhatsappBody }): Promise<SendOutcome>;
  /** X-Hub-Signature-256 over the raw body, under the app secret. */
  verifySignature(rawBody: string, signature: string): Promise<boolean>;
  /** The subscription handshake: the challenge to echo, or undefined when the token is wrong. */
  verifySubscription(query: Record<string, string | undefined>): string | undefined;
}

/**
 * How long one call to the Cloud API may take before it is cut off and retried later: within the
 * outbox's lease (twice this), so no other process sends the same message meanwhile.
 */
export const SEND_TIMEOUT_MS = 15_000;

/** The library with Meta's host swapped for `apiUrl`'s when set (the tests' fake); its calls otherwise as they are. */
export function createCloudApi(settings: WhatsappSettings): CloudApi {
  const apiUrl = settings.apiUrl?.replace(/\/+$/, '');
  const routedFetch: typeof fetch = (input, init) =>
    fetch(apiUrl ? String(input).replace(GRAPH_URL, apiUrl) : input, { ...init, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
  const api = new WhatsAppAPI({ token: settings.token, appSecret: settings.appSecret, webhookVerifyToken: settings.verifyToken, v: 'v23.0', ponyfill: { fetch: routedFetch } });
  return {
    async send({ sender, to, body }) {
      let response: Awaited<ReturnType<typeof api.sendMessage>>;
      try {
        // The Cloud API takes the number without its '+'.
        response = await api.sendMessage(sender, to.replace(/^\+/, ''), toClientMessage(body));
      } catch (error) {
        // No answer, or one that is not JSON (a proxy's 502 page): Meta's side, worth another try.
        return { retry: error instanceof Error ? error.name : 'no answer' };
      }
      if ('messages' in response) return { sent: response.messages[0].id };
      const problem = `${response.error.code} ${response.error.type}`;
      return RETRIED_CODES.has(response.error.code) ? { retry: problem } : { failed: problem };
    },
    verifySignature: (rawBody, signature) => api.verifyRequestSignature(rawBody, signature),
    verifySubscription(query) {
      try {
        return api.get(query as Parameters<typeof api.get>[0]);
      } catch {
        return undefined;
      }
    },
  };
}

function toClientMessage(body: WhatsappBody): Template | Text {
  if (body.type === 'text') return new Text(body.text);
  const parameters = body.parameters.map((parameter) => new BodyParameter(parameter));
  const components = parameters.length > 0 ? [new BodyComponent(...(parameters as [BodyParameter, ...BodyParameter[]]))] : [];
  const buttons = body.buttons ? [...body.buttons.quickReplies.map((payload) => new PayloadComponent(payload)), new URLComponent(body.buttons.urlSuffix)] : [];
  return new Template(body.name, new Language(body.language), ...components, ...buttons);
}
