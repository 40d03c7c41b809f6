import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BenchServer {
  url: string;
  close: () => Promise<void>;
}

/** The floor of any Node HTTP answer: node:http sending fixed headers and bytes from memory. */
export async function startBareHttpServer(body: Buffer, headers: Record<string, string>): Promise<BenchServer> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { ...headers, 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
