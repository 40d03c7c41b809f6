import { readFileSync } from 'node:fs';
import { startBareHttpServer } from './bare-http-server';
import type { Answer } from './demo-screener';

// A baseline server in a process of its own, as the real server is (baseline-process.ts).
const [answersFile] = process.argv.slice(2);
const stored = JSON.parse(readFileSync(answersFile!, 'utf8')) as Record<string, Omit<Answer, 'bytes'> & { bytes: string }>;
const answers = Object.fromEntries(Object.entries(stored).map(([route, answer]) => [route, { ...answer, bytes: Buffer.from(answer.bytes, 'base64') }]));
const server = await startBareHttpServer(answers);
console.log(server.url);
