import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Answer } from './demo-screener';

export interface BenchServer {
  url: string;
  close: () => Promise<void>;
}

/** Recorded answers by route, `METHOD /path/:param` (the query string aside); `*` answers any other request. */
export type AnswerTable = Readonly<Record<string, Answer>>;

function routeMatcher(answers: AnswerTable) {
  const routes = Object.entries(answers)
    .filter(([route]) => route !== '*')
    .map(([route, answer]) => {
      const [method, path] = route.split(' ');
      return { method, path: new RegExp(`^${path!.replace(/:\w+/g, '[^/]+')}$`), answer };
    });
  return (method: string, url: string) => routes.find((route) => route.method === method && route.path.test(url.split('?')[0]!))?.answer ?? answers['*'];
}

/** The floor of any Node HTTP answer: node:http sending fixed headers and bytes from memory. */
export async function startBareHttpServer(answers: AnswerTable): Promise<BenchServer> {
  const answerFor = routeMatcher(answers);
  const server = createServer((req, res) => {
    const answer = answerFor(req.method!, req.url!);
    // A request body, unread, would stay in the socket's buffer.
    req.resume();
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status ?? 200, { ...answer.headers, 'content-length': answer.bytes.length });
    res.end(answer.bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
