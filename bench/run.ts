import { cpus } from 'node:os';
import { benchmarkApiThroughput } from './api-throughput';
import { benchmarkAvailabilityGeneration } from './availability-generation';
import { benchmarkBookingChallenge } from './booking-challenge';
import { benchmarkBookingContention } from './booking-contention';
import { benchmarkClientWeight } from './client-weight';
import { benchmarkLighthouse } from './lighthouse';
import { benchmarkMixedLoad } from './mixed-load';
import { benchmarkReminderDelivery } from './reminder-delivery';
import { type Figure, figureTable } from './support/figures';

// One after another, never in parallel: each one's figures need the machine to themselves.
const BENCHMARKS: [string, () => Promise<Figure[]>][] = [
  ['client weight', benchmarkClientWeight],
  ['public API throughput', benchmarkApiThroughput],
  ['availability generation', benchmarkAvailabilityGeneration],
  ['booking contention', benchmarkBookingContention],
  ['booking challenge', benchmarkBookingChallenge],
  ['reminder delivery', benchmarkReminderDelivery],
  ['mixed load through the production front', benchmarkMixedLoad],
  ['Lighthouse', benchmarkLighthouse],
];

const figures: Figure[] = [];
for (const [name, benchmark] of BENCHMARKS) {
  console.log(`\n▶ ${name}`);
  try {
    figures.push(...(await benchmark()));
  } catch (error) {
    // One benchmark that cannot run (no MySQL, say) still leaves the others' figures.
    console.error(error);
    figures.push({ benchmark: name, figure: `failed: ${error instanceof Error ? error.message : String(error)}`, baseline: '–', target: '–', met: false });
    process.exitCode = 1;
  }
}
console.log(`\n${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, Node ${process.version}\n\n${figureTable(figures)}\n`);
