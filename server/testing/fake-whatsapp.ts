import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message the fake took, as the client sent it (Meta's request body). */
export interface FakeWhatsappMessage {
  phoneNumberId: string;
  to: string;
  type: string;
  template?: { name: string; language: { code: string }; components?: { type: string; sub_type?: string; parameters: { type: string; text?: string; payload?: string }[] }[] };
  text?: { body: string };
  id: string;
}

/** Meta's error answers (developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes), by the case they stand for. */
export const META_ERRORS = {
  rateLimit: { status: 400, code: 130429, type: 'OAuthException', message: '(#130429) Rate limit hit' },
  accountRateLimit: { status: 400, code: 80007, type: 'OAuthException', message: '(#80007) Rate limit issues' },
  serverError: { status: 500, code: 131000, type: 'OAuthException', message: '(#131000) Something went wrong' },
  invalidNumber: { status: 400, code: 131026, type: 'OAuthException', message: '(#131026) Message undeliverable' },
  templateNotApproved: { status: 400, code: 132001, type: 'OAuthException', message: '(#132001) Template name does not exist in the translation' },
} as const;
type MetaError = (typeof META_ERRORS)[keyof typeof META_ERRORS];

/**
 * A local stand-in for the Cloud API's POST /{version}/{phone-number-id}/messages, the one
 * endpoint the client uses: it records each message and answers as Meta does, with a wamid or an
 * error in Meta's shape. `failNext` queues errors for the next calls; `failFor` refuses a number
 * for good. It also builds the webhooks Meta would send back, signed with the app secret.
 */
export interface FakeWhatsapp {
  url: string;
  appSecret: string;
  verifyToken: string;
  token: string;
  messages: FakeWhatsappMessage[];
  failNext(...errors: MetaError[]): void;
  failFor(number: string, error: MetaError): void;
  /** Environment variables that point the server at the fake. */
  env: NodeJS.ProcessEnv;
  /** A signed webhook body and its X-Hub-Signature-256. */
  signed(payload: unknown): { body: string; signature: string };
  statusWebhook(message: FakeWhatsappMessage, status: 'delivered' | 'read' | 'failed', errorCode?: number): unknown;
  /** A reply quoting `to` (a button, or text); `typed` text quotes nothing, as most people type STOP. */
  replyWebhook(to: FakeWhatsappMessage, reply: { buttonPayload: string } | { text: string } | { text: string; typed: true }): unknown;
  close(): Promise<void>;
}

export async function startFakeWhatsapp(): Promise<FakeWhatsapp> {
  const appSecret = randomBytes(16).toString('hex');
  const verifyToken = randomBytes(8).toString('hex');
  const token = `EAAG${randomBytes(8).toString('hex')}`;
  const messages: FakeWhatsappMessage[] = [];
  const queuedErrors: MetaError[] = [];
  const refused = new Map<string, MetaError>();
  let counter = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const match = /^\/v[\d.]+\/(\d+)\/messages$/.exec(req.url ?? '');
      const answer = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method !== 'POST' || !match) return answer(404, { error: { message: 'Unknown path', type: 'GraphMethodException', code: 100 } });
      if (req.headers.authorization !== `Bearer ${token}`) return answer(401, { error: { message: 'Invalid OAuth access token', type: 'OAuthException', code: 190 } });
      const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Omit<FakeWhatsappMessage, 'id' | 'phoneNumberId'>;
      const error = queuedErrors.shift() ?? refused.get(request.to);
      if (error) {
        return answer(error.status, { error: { message: error.message, type: error.type, code: error.code, error_data: { messaging_product: 'whatsapp', details: error.message }, fbtrace_id: 'AbCdEf' } });
      }
      const id = `wamid.HBgL${String(++counter).padStart(6, '0')}${randomBytes(6).toString('hex').toUpperCase()}`;
      messages.push({ ...request, phoneNumberId: match[1]!, id });
      return answer(200, { messaging_product: 'whatsapp', contacts: [{ input: request.to, wa_id: request.to }], messages: [{ id }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entry = (value: unknown) => ({ object: 'whatsapp_business_account', entry: [{ id: '102290129340398', changes: [{ field: 'messages', value }] }] });
  const metadata = (message: FakeWhatsappMessage) => ({ messaging_product: 'whatsapp', metadata: { display_phone_number: '60312345678', phone_number_id: message.phoneNumberId } });
  const timestamp = () => String(Math.floor(Date.now() / 1000));
  return {
    url,
    appSecret,
    verifyToken,
    token,
    messages,
    failNext: (...errors) => queuedErrors.push(...errors),
    failFor: (number, error) => refused.set(number.replace(/^\+/, ''), error),
    env: { WHATSAPP_TOKEN: token, WHATSAPP_APP_SECRET: appSecret, WHATSAPP_VERIFY_TOKEN: verifyToken, WHATSAPP_PHONE_NUMBER_ID: '106540352242922', WHATSAPP_API_URL: url },
    signed(payload) {
      const body = JSON.stringify(payload);
      return { body, signature: `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}` };
    },
    statusWebhook: (message, status, errorCode) =>
      entry({
        ...metadata(message),
        statuses: [
          {
            id: message.id,
            status,
            timestamp: timestamp(),
            recipient_id: message.to,
            ...(status === 'failed' && { errors: [{ code: errorCode ?? 131026, title: 'Message undeliverable' }] }),
          },
        ],
      }),
    replyWebhook: (to, reply) =>
      entry({
        ...metadata(to),
        contacts: [{ profile: { name: 'Visitor' }, wa_id: to.to }],
        messages: [
          {
            from: to.to,
            id: `wamid.IN${randomBytes(8).toString('hex').toUpperCase()}`,
            timestamp: timestamp(),
            ...(!('typed' in reply) && { context: { from: '60312345678', id: to.id } }),
            ...('text' in reply ? { type: 'text', text: { body: reply.text } } : { type: 'button', button: { payload: reply.buttonPayload, text: reply.buttonPayload } }),
          },
        ],
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
