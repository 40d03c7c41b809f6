import { createServer, type Socket } from 'node:net';

export interface SilentServer {
  /** How many connections it has accepted. */
  connections: () => number;
  /** Stops listening and drops every connection, as a hung server that is restarted. */
  close: () => Promise<void>;
}

/** A TCP server that accepts connections and never says a word: a hung SMTP or HTTP upstream. */
export async function startSilentServer(port: number): Promise<SilentServer> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    connections: () => accepted,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
