import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { launchChromium } from '../e2e/support/browser';
import { startBuiltServer } from '../e2e/support/server';
import { challengeCostFactor, MAX_COST_FACTOR, QUIET_OPEN_HOLDS } from '../domain/booking-challenge-cost';
import type { BookingChallenge } from '../server/booking-challenge/booking-challenge.types';
import { checkProofOfWork, signedChallenge } from '../server/booking-challenge/proof-of-work';
import { DEFAULT_BOOKING_CHALLENGE_COST } from '../server/env';
import { solveBookingChallenge } from '../server/testing/booking-challenge-solver';
import { type Figure, formatMs, runWhenMain } from './support/figures';

/**
 * Chromium's CPU throttling that stands in for a mid-range phone: 4×, Lighthouse's default
 * mobile setting (mobileSlow4G, cpuSlowdownMultiplier 4), its stand-in for a mid-tier device.
 */
const PHONE_SLOWDOWN = 4;
/** Challenges solved per cost level and way: their counters are drawn at random, so the median of several. */
const SAMPLES = 7;
/** What a person must not notice at a quiet clinic (issue 24). */
const QUIET_TARGET_MS = 1_000;
const SECRET = 'bench-secret-that-is-at-least-32-characters-long';
const SCREENER = 'klinik-minda';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The lazy chunk the booking dialog loads, as the build named it. */
function solverChunk(): string {
  const file = readdirSync(join('dist', 'client', 'assets')).find((name) => /^solve-booking-challenge-.*\.js$/.test(name));
  if (!file) throw new Error('No solver chunk in dist/client/assets: run `npm run build` first');
  return `/assets/${file}`;
}

/** One challenge per sample at the cost `liveHolds` sets, the clinic's default quiet cost. */
const challengesAt = (liveHolds: number) =>
  Promise.all(Array.from({ length: SAMPLES }, () => signedChallenge(SECRET, { screener: SCREENER, liveHolds, quietCost: DEFAULT_BOOKING_CHALLENGE_COST, now: new Date() })));

/**
 * The booking challenge's cost at each level its curve reaches (domain/booking-challenge-cost.ts),
 * at the production default: solved by the booking dialog's own solver chunk in Chromium,
 * unthrottled and with the CPU throttled 4× through CDP (`Emulation.setCPUThrottlingRate`), beside
 * a script's solve with Node's native PBKDF2 and the server's check of a solution.
 * The phone's estimate is the larger of the throttled time and 4× the unthrottled one: WebCrypto
 * may hash off the throttled main thread, and the estimate must not flatter the challenge.
 */
export async function benchmarkBookingChallenge(): Promise<Figure[]> {
  const chunk = solverChunk();
  const server = await startBuiltServer();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    const cdp = await page.context().newCDPSession(page);
    const solveInBrowser = (challenge: BookingChallenge) =>
      page.evaluate(
        async ([url, given]) => {
          const solver = (await import(url)) as { solveBookingChallenge: (challenge: unknown) => Promise<unknown> };
          const started = performance.now();
          await solver.solveBookingChallenge(given);
          return performance.now() - started;
        },
        [chunk, challenge] as const,
      );
    const figures: Figure[] = [];
    for (let factor = 1; factor <= MAX_COST_FACTOR; factor *= 2) {
      const liveHolds = Math.log2(factor) * QUIET_OPEN_HOLDS;
      if (challengeCostFactor(liveHolds) !== factor) throw new Error(`The curve no longer reaches ${factor}× at ${liveHolds} holds`);
      const browserMs: number[] = [];
      const throttledMs: number[] = [];
      const scriptMs: number[] = [];
      const checkMs: number[] = [];
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      for (const challenge of await challengesAt(liveHolds)) browserMs.push(await solveInBrowser(challenge));
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_SLOWDOWN });
      for (const challenge of await challengesAt(liveHolds)) throttledMs.push(await solveInBrowser(challenge));
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      for (const challenge of await challengesAt(liveHolds)) {
        const started = performance.now();
        const proof = await solveBookingChallenge(challenge);
        scriptMs.push(performance.now() - started);
        const checked = performance.now();
        if (!(await checkProofOfWork(SECRET, proof, SCREENER, new Date()))) throw new Error('The server refused a solved challenge');
        checkMs.push(performance.now() - checked);
      }
      const phoneMs = Math.max(median(throttledMs), PHONE_SLOWDOWN * median(browserMs));
      const quiet = factor === 1;
      figures.push({
        benchmark: `booking challenge at ${factor}× (${liveHolds === 0 ? `under ${QUIET_OPEN_HOLDS}` : `${liveHolds}+`} open holds), median of ${SAMPLES}`,
        figure: `mid-range phone ≈ ${formatMs(phoneMs)} (Chromium ${formatMs(median(browserMs))}, ${PHONE_SLOWDOWN}× throttled ${formatMs(median(throttledMs))})`,
        baseline: `a script with native PBKDF2 ${formatMs(median(scriptMs))}; the server's check ${formatMs(median(checkMs))}`,
        ratio: phoneMs / median(scriptMs),
        target: quiet ? `≤ ${formatMs(QUIET_TARGET_MS)} on the phone` : '–',
        met: quiet ? phoneMs <= QUIET_TARGET_MS : undefined,
      });
    }
    return figures;
  } finally {
    await browser.close();
    await server.stop();
  }
}

runWhenMain(import.meta.url, benchmarkBookingChallenge);
