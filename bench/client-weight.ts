import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../e2e/support/browser';
import { startBuiltServer } from '../e2e/support/server';
import { type Figure, formatKb, runWhenMain } from './support/figures';
import { ADMIN_BUDGET_BYTES, firstLoads, SCREENER_BUDGET_BYTES } from './support/first-load-scripts';

const CLIENT_DIR = 'dist/client';
const MANIFEST = join(CLIENT_DIR, '.vite/manifest.json');
const ENTRY = 'index.html';
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
    // Rolldown's runtime chunk (a few helpers, no modules of ours) is written without a map.
    if (!existsSync(join(CLIENT_DIR, `${file}.map`))) return [];
    const { sources } = JSON.parse(readFileSync(join(CLIENT_DIR, `${file}.map`), 'utf8')) as { sources: string[] };
    return sources.filter((source) => FORBIDDEN_ON_SCREENER.some((pattern) => pattern.test(`/${source}`)));
  });
}

/**
 * The budgets are held as a browser counts the bytes: every script fetched before the page is
 * usable, with its headers (bench/support/first-load-scripts.ts). The manifest's figures above
 * say which chunks make them up.
 */
async function countedInBrowser(entryBytes: number): Promise<Figure[]> {
  const server = await startBuiltServer();
  const browser = await launchChromium();
  try {
    const { screener, admin } = await firstLoads(browser, server.url);
    const row = (benchmark: string, load: { files: string[]; bytes: number }, budget: number): Figure => {
      console.log(`${benchmark}: ${load.files.join(', ')}`);
      return {
        benchmark,
        figure: `${formatKb(load.bytes)} (${load.files.length} scripts)`,
        baseline: `${formatKb(entryBytes)} (entry and its imports)`,
        ratio: load.bytes / entryBytes,
        target: `≤ ${formatKb(budget)}`,
        met: load.bytes <= budget,
      };
    };
    return [
      row('screener: scripts before the consent step, gzip, counted in Chromium', screener, SCREENER_BUDGET_BYTES),
      row('admin’s first load (Today), gzip, counted in Chromium', admin, ADMIN_BUDGET_BYTES),
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}

export async function benchmarkClientWeight(): Promise<Figure[]> {
  if (!existsSync(MANIFEST)) throw new Error(`${MANIFEST} is missing: run npm run build first`);
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
  // What every page loads before its own chunk: the entry and the chunks it imports statically.
  const entryBytes = firstLoadChunks(manifest, [ENTRY]).reduce((total, file) => total + gzippedSize(file), 0);
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
      baseline: `${formatKb(entryBytes)} (entry and its imports)`,
      ratio: bytes / entryBytes,
      target: '–',
    })),
    ...(await countedInBrowser(entryBytes)),
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
