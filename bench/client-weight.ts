import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Figure, formatKb, runWhenMain } from './support/figures';

const CLIENT_DIR = 'dist/client';
const MANIFEST = join(CLIENT_DIR, '.vite/manifest.json');
const ENTRY = 'index.html';
const SCREENER_BUDGET_BYTES = 120 * 1024;
/** Source paths (from the chunks' source maps) that a screener visitor must never download. */
const FORBIDDEN_ON_SCREENER = [/\/src\/admin\//, /\/src\/pages\/AdminSetupPage/, /\/node_modules\/@stripe\//];

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * `namespaces` are the dictionary namespaces a page waits for before drawing (App.tsx's
 * lazyPageWithTexts); the screener draws its consent step with the root dictionary alone.
 */
const ROUTES = [
  { path: '/', page: 'src/pages/LandingPage.tsx', namespaces: ['landing', 'pricing'] },
  { path: '/screener/:id', page: 'src/pages/ScreenerPage.tsx', namespaces: [] },
];

/**
 * The chunks a route needs before its page can draw: the entry, the page's lazy chunk and
 * everything they import statically. Dynamic imports (other pages, the booking dialog, the
 * Malay dictionary) load later or never. The dictionary of the route's own locale is fetched
 * by LocaleProvider before the first paint, so it counts, and so do the namespaces the page waits for.
 */
function firstLoadChunks(manifest: Manifest, roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in ${MANIFEST}`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  roots.forEach(visit);
  return [...seen].map((key) => manifest[key]!.file);
}

const gzippedSize = (file: string) => gzipSync(readFileSync(join(CLIENT_DIR, file))).length;

function forbiddenModules(files: string[]): string[] {
  return files.flatMap((file) => {
    const { sources } = JSON.parse(readFileSync(join(CLIENT_DIR, `${file}.map`), 'utf8')) as { sources: string[] };
    return sources.filter((source) => FORBIDDEN_ON_SCREENER.some((pattern) => pattern.test(`/${source}`)));
  });
}

export async function benchmarkClientWeight(): Promise<Figure[]> {
  if (!existsSync(MANIFEST)) throw new Error(`${MANIFEST} is missing: run npm run build first`);
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
  const entryBytes = gzippedSize(manifest[ENTRY]!.file);
  const weights = ROUTES.map(({ path, page, namespaces }) => {
    const dictionary = ['i18n/en/index.ts', ...namespaces.map((namespace) => `i18n/en/${namespace}/index.ts`)];
    const files = firstLoadChunks(manifest, [ENTRY, page, ...dictionary]);
    const bytes = files.reduce((total, file) => total + gzippedSize(file), 0);
    console.log(`${path}: ${files.map((file) => `${file} ${formatKb(gzippedSize(file))}`).join(', ')}`);
    return { path, files, bytes };
  });
  const screener = weights.find((weight) => weight.path === '/screener/:id')!;
  const forbidden = forbiddenModules(screener.files);
  return [
    ...weights.map(({ path, bytes }) => ({
      benchmark: `first-load JS of ${path} (gzip)`,
      figure: formatKb(bytes),
      baseline: `${formatKb(entryBytes)} (entry chunk)`,
      ratio: bytes / entryBytes,
      target: path === screener.path ? `≤ ${formatKb(SCREENER_BUDGET_BYTES)}` : '–',
      met: path === screener.path ? bytes <= SCREENER_BUDGET_BYTES : undefined,
    })),
    {
      benchmark: 'admin or Stripe modules in the screener’s first load',
      figure: forbidden.length === 0 ? 'none' : forbidden.join(', '),
      baseline: '–',
      target: 'none',
      met: forbidden.length === 0,
    },
  ];
}

runWhenMain(import.meta.url, benchmarkClientWeight);
