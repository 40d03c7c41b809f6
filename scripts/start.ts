/**
 * `npm start`: zero set-up. Builds the client and the server bundle when they are missing
 * or older than their sources, then runs the production server (embedded SQLite and demo
 * data unless DATABASE_URL says otherwise).
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const SOURCES = ['src', 'server', 'db', 'domain', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
const OUTPUTS = ['dist/client/index.html', 'dist/server/main.js'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

const builtAt = Math.min(...OUTPUTS.map((p) => (existsSync(p) ? statSync(p).mtimeMs : 0)));
if (builtAt < Math.max(...SOURCES.map(newestMtime))) {
  console.log('Building the app (client and server)…');
  execSync('npm run build', { stdio: 'inherit' });
}
await import(pathToFileURL('dist/server/main.js').href);
