import superjson from 'superjson';
import { startBuiltServer } from '../e2e/support/server';
import type { BenchServer } from './support/bare-http-server';
import { startBaselineProcess } from './support/baseline-process';
import { DEMO_SLUG, demoPsychologistIds, fetchAnswer, freeSlotsUrl } from './support/demo-screener';
import { type Figure, formatRate, runWhenMain } from './support/figures';
import { compareThroughput, type LoadTarget, type Throughput } from './support/load';

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

/** The subject against a baseline server started for the comparison alone. */
async function measureAgainst(startBaseline: () => Promise<BenchServer>, baselinePath: string, subject: LoadTarget) {
  const baseline = await startBaseline();
  try {
    return await compareThroughput(subject, { url: `${baseline.url}${baselinePath}` });
  } finally {
    await baseline.close();
  }
}

export async function benchmarkApiThroughput(): Promise<Figure[]> {
  const server = await startBuiltServer();
  try {
    const rest = { url: `${server.url}/api/public/configuration/slug/${DEMO_SLUG}` };
    const trpcPath = `/trpc/public.configuration.bySlug?input=${encodeURIComponent(JSON.stringify(superjson.serialize({ slug: DEMO_SLUG })))}`;
    const trpc = { url: `${server.url}${trpcPath}` };
    const availability = { url: freeSlotsUrl(server.url, (await demoPsychologistIds(server.url))[0]!) };

    const restAnswer = await fetchAnswer(rest.url);
    const trpcAnswer = await fetchAnswer(trpc.url);
    const availabilityAnswer = await fetchAnswer(availability.url);

    const restRun = await measureAgainst(() => startBaselineProcess('bare-http', restAnswer), '/', rest);
    const trpcRun = await measureAgainst(async () => {
      const trivial = await startBaselineProcess('trivial-trpc', trpcAnswer);
      const sameBytes = (await fetchAnswer(`${trivial.url}${trpcPath}`)).bytes.equals(trpcAnswer.bytes);
      if (!sameBytes) throw new Error('The trivial tRPC procedure must answer the same bytes as the real one');
      return trivial;
    }, trpcPath, trpc);
    const availabilityRun = await measureAgainst(() => startBaselineProcess('bare-http', availabilityAnswer), '/', availability);
    return [
      throughputFigure('REST configuration by slug vs bare node:http sending its headers and body', restRun.measured, restRun.baseline, 0.5),
      throughputFigure('tRPC configuration by slug vs trivial tRPC procedure', trpcRun.measured, trpcRun.baseline, 0.9),
      throughputFigure('REST free slots of a psychologist vs bare node:http sending its headers and body', availabilityRun.measured, availabilityRun.baseline),
    ];
  } finally {
    await server.stop();
  }
}

runWhenMain(import.meta.url, benchmarkApiThroughput);
