import { readFileSync } from 'node:fs';
import superjson from 'superjson';
import { startBareHttpServer } from './bare-http-server';
import { startTrivialTrpcApp } from './trivial-trpc-app';

// A baseline server in a process of its own, as the real server is (baseline-process.ts).
const [kind, answerFile, headersFile] = process.argv.slice(2);
const answer = readFileSync(answerFile!);
const server =
  kind === 'trivial-trpc'
    ? // The real tRPC answer's value, so the trivial procedure sends the very same bytes.
      await startTrivialTrpcApp(superjson.deserialize((JSON.parse(answer.toString()) as { result: { data: never } }).result.data))
    : await startBareHttpServer(answer, JSON.parse(readFileSync(headersFile!, 'utf8')) as Record<string, string>);
console.log(server.url);
