import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call the fake received: the raw body as sent, and its headers. */
export interface ReceivedCall {
  raw: string;
  body: Record<string, unknown>;
  headers: IncomingMessage['headers'];
}

/**
 * What the fake answers a call with; 'hang' never answers, like a stuck upstream; 'stall'
 * sends a 200's headers and the start of a body, then nothing more.
 */
export type FakeReply = { status?: number; headers?: Record<string, string>; body: unknown } | 'hang' | 'stall';

export interface FakeOpenAi {
  /** For OPENAI_BASE_URL: the SDK appends /chat/completions. */
  baseUrl: string;
  calls: ReceivedCall[];
  /** Sets how the following calls are answered; `call` counts from 1 since the last reply(). */
  reply: (answer: (call: number) => FakeReply) => void;
  close: () => Promise<void>;
}

/** A chat completion whose message content is the given text, as the API returns it. */
export function completionWith(content: string): object {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 0,
    model: 'fake-model',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null } }],
  };
}

/** An OpenAI-compatible server in the test process, driven through the real SDK. */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const calls: ReceivedCall[] = [];
  let answer: (call: number) => FakeReply = () => ({ status: 500, body: { error: { message: 'no reply set' } } });
  let callsSinceReply = 0;
  const hanging = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      calls.push({ raw, body: JSON.parse(raw) as Record<string, unknown>, headers: req.headers });
      const reply = answer(++callsSinceReply);
      if (reply === 'hang' || reply === 'stall') {
        hanging.add(res);
        if (reply === 'stall') res.writeHead(200, { 'content-type': 'application/json' }).write('{"id":"chatcmpl-fake",');
        return;
      }
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    reply: (next) => {
      answer = next;
      callsSinceReply = 0;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
