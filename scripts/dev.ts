/**
 * `npm run dev`: Vite's dev server (hot reload, http://localhost:5173, proxying /api and
 * /trpc) beside the API server restarted by tsx on every change.
 */
import { spawn } from 'node:child_process';

// Visitors use Vite's address in development: e-mailed links and the same-origin check follow it.
const PUBLIC_URL = process.env.PUBLIC_URL ?? 'http://localhost:5173';

const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, PUBLIC_URL } }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.once('exit', stop);
