import superjson from 'superjson';
import { startBuiltServer } from '../e2e/support/server';
import type { BenchServer } from './support/bare-http-server';
import { startBaselineProcess } from './support/baseline-process';
import { DEMO_SLUG, demoPsychologistIds, fetchAnswer, freeSlotsUrl } from './support/demo-screener';
import { type Figure, formatMs, formatRate, runWhenMain } from './support/figures';
import { compareThroughput, type LoadTarget, type Throughput } from './support/load';
import { startNginxFront } from './support/nginx-front';
import { measureSaveVisibility } from './support/save-visibility';

/** How soon a visitor must see an operator's save through the front (issue 12). */
const SAVE_VISIBLE_WITHIN_MS = 5_000;

function throughputFigure(benchmark: string, measured: Throughput, baseline: Throughput, minimumRatio?: number): Figure {
  const ratio = measured.requestsPerSecond / baseline.requestsPerSecond;
  const errors = (t: Throughput) => `${formatRate(t.requestsPerSecond)}, ${t.failures} errors`;
  return {
    benchmark,
    figure: errors(measured),
    baseline: errors(baseline),
    ratio,
    target: minimumRatio === undefined ? '0 errors' : `≥ ${minimumRatio * 100} %, 0 errors`,
    met: measured.failures === 0 && baseline.failures === 0 && ratio >= (minimumRatio ?? 0),
  };
}

/** The subject against bare node:http sending the very headers and bytes the subject sends. */
async function measureAgainstBareHttp(subject: LoadTarget) {
  const baseline: BenchServer = await startBaselineProcess({ '*': await fetchAnswer(subject.url) });
  try {
    return await compareThroughput(subject, { url: baseline.url });
  } finally {
    await baseline.close();
  }
}

export async function benchmarkApiThroughput(): Promise<Figure[]> {
  const server = await startBuiltServer();
  const restPath = `/api/public/configuration/slug/${DEMO_SLUG}`;
  const restAnswer = await fetchAnswer(`${server.url}${restPath}`);
  const front = await startNginxFront(server.url, restAnswer.bytes, restAnswer.headers['content-type']!);
  try {
    const trpcPath = `/trpc/public.configuration.bySlug?input=${encodeURIComponent(JSON.stringify(superjson.serialize({ slug: DEMO_SLUG })))}`;
    const availability = { url: freeSlotsUrl(server.url, (await demoPsychologistIds(server.url))[0]!) };

    const proxied = await compareThroughput({ url: `${front.proxy.url}${restPath}` }, { url: front.fileUrl });
    const restAlone = await measureAgainstBareHttp({ url: `${server.url}${restPath}` });
    const trpcAlone = await measureAgainstBareHttp({ url: `${server.url}${trpcPath}` });
    const availabilityAlone = await measureAgainstBareHttp(availability);
    const visibleAfterMs = await measureSaveVisibility(server.url, front.proxy.url);
    return [
      throughputFigure('REST configuration by slug through deploy/nginx.conf vs the same nginx sending it from a file', proxied.measured, proxied.baseline, 0.8),
      throughputFigure('REST configuration by slug, app alone, vs bare node:http sending its headers and body', restAlone.measured, restAlone.baseline, 0.3),
      throughputFigure('tRPC configuration by slug, app alone, vs bare node:http sending its headers and body', trpcAlone.measured, trpcAlone.baseline, 0.25),
      throughputFigure('REST free slots of a psychologist (no-store), app alone, vs bare node:http', availabilityAlone.measured, availabilityAlone.baseline, 0.2),
      {
        benchmark: 'A saved configuration visible through deploy/nginx.conf',
        figure: formatMs(visibleAfterMs),
        baseline: '–',
        target: `≤ ${SAVE_VISIBLE_WITHIN_MS / 1000} s`,
        met: visibleAfterMs <= SAVE_VISIBLE_WITHIN_MS,
      },
    ];
  } finally {
    await front.proxy.close();
    await server.stop();
  }
}

runWhenMain(import.meta.url, benchmarkApiThroughput);
