import { readFileSync } from 'node:fs';
import { startBareHttpServer } from './bare-http-server';

// A baseline server in a process of its own, as the real server is (baseline-process.ts).
const [answerFile, headersFile] = process.argv.slice(2);
const server = await startBareHttpServer(readFileSync(answerFile!), JSON.parse(readFileSync(headersFile!, 'utf8')) as Record<string, string>);
console.log(server.url);
