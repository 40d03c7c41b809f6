import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBuiltServer } from '../e2e/support/server';
import { startBareHttpServer } from './support/bare-http-server';
import { type Figure, runWhenMain } from './support/figures';

const CATEGORIES = [
  { id: 'performance', target: 95 },
  { id: 'accessibility', target: 100 },
  { id: 'best-practices', target: 95 },
] as const;
type CategoryId = (typeof CATEGORIES)[number]['id'];
type Scores = Record<CategoryId, number>;

const PAGES = ['/', '/screener/default'];

/** What Lighthouse gives a page with nothing to load on this machine: the baseline. */
const MINIMAL_PAGE = Buffer.from(
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="description" content="A minimal page"><title>Minimal</title></head><body><main><h1>Minimal</h1></main></body></html>',
);

/** A run Lighthouse itself gave up on (say, no paint in time on a busy machine) is tried once more. */
const ATTEMPTS = 2;

/** Lighthouse's default (mobile) settings on Debian's Chromium; no browser is downloaded. */
async function runLighthouse(url: string) {
  const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const result = await lighthouse(url, { port: chrome.port, logLevel: 'error', onlyCategories: CATEGORIES.map((c) => c.id) });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

async function audit(url: string): Promise<Scores> {
  for (let attempt = 1; ; attempt += 1) {
    const { categories, audits, runtimeError } = await runLighthouse(url);
    if (runtimeError) {
      console.log(`${url}: Lighthouse failed (${runtimeError.code}), attempt ${attempt} of ${ATTEMPTS}`);
      if (attempt < ATTEMPTS) continue;
      throw new Error(`Lighthouse failed on ${url}: ${runtimeError.message}`);
    }
    // Say what cost points, so a missed target points at its cause.
    const lost = Object.values(categories)
      .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0))
      .map((ref) => audits[ref.id]!)
      .filter((a) => a.score !== null && a.score < 1)
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    console.log(`${url}: ${lost.length === 0 ? 'nothing lost' : `lost points on ${lost.join(', ')}`}`);
    return Object.fromEntries(CATEGORIES.map(({ id }) => [id, Math.round((categories[id]?.score ?? 0) * 100)])) as Scores;
  }
}

export async function benchmarkLighthouse(): Promise<Figure[]> {
  const minimal = await startBareHttpServer({ '*': { bytes: MINIMAL_PAGE, headers: { 'content-type': 'text/html; charset=utf-8' } } });
  const server = await startBuiltServer();
  try {
    const baseline = await audit(minimal.url);
    const figures: Figure[] = [];
    for (const page of PAGES) {
      const scores = await audit(`${server.url}${page}`);
      figures.push(
        ...CATEGORIES.map(({ id, target }) => ({
          benchmark: `Lighthouse ${id} of ${page} (mobile)`,
          figure: String(scores[id]),
          baseline: `${baseline[id]} (minimal page)`,
          ratio: scores[id] / baseline[id],
          target: target === 100 ? '100' : `≥ ${target}`,
          met: scores[id] >= target,
        })),
      );
    }
    return figures;
  } finally {
    await server.stop();
    await minimal.close();
  }
}

runWhenMain(import.meta.url, benchmarkLighthouse);
