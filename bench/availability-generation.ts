import { performance } from 'node:perf_hooks';
import type { DialectName } from '../db/connect';
import { insertPsychologist } from '../db/testing/fixtures';
import { TEST_DIALECTS } from '../db/testing/test-databases';
import { generateSlotTimes } from '../domain/slots';
import { signInNewOperator } from '../server/testing/signed-in-operator';
import { startTestApp } from '../server/testing/test-app';
import { type Figure, formatMs, runWhenMain } from './support/figures';
import { DAY_MS } from '../domain/time';

const PSYCHOLOGISTS = 20;
const TARGET_MS = 2_000;
const PSYCHOLOGIST_DEFAULTS = { timezone: 'Asia/Kuala_Lumpur', slotDurationMinutes: 60, bufferMinutes: 0 };

/** A year of weekday office hours from tomorrow, as an operator would ask for it. */
function yearOfWeekdays() {
  const date = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);
  return { startDate: date(1), endDate: date(365), startTime: '09:00', endTime: '17:00', daysOfWeek: [1, 2, 3, 4, 5] };
}

/** The pure slot maths for the same twenty patterns: the floor under any generation. */
function timeSlotMaths(): { ms: number; slots: number } {
  const started = performance.now();
  let slots = 0;
  for (let i = 0; i < PSYCHOLOGISTS; i += 1) slots += generateSlotTimes({ ...yearOfWeekdays(), ...PSYCHOLOGIST_DEFAULTS }).length;
  return { ms: performance.now() - started, slots };
}

/** admin.availability.generate over tRPC (in-process HTTP), one psychologist after another. */
async function timeGeneration(dialect: DialectName): Promise<{ ms: number; slots: number }> {
  const t = await startTestApp(dialect);
  try {
    const operator = await signInNewOperator(t);
    const psychologistIds = [];
    for (let i = 0; i < PSYCHOLOGISTS; i += 1) psychologistIds.push(await insertPsychologist(t.services.db, operator.userId, PSYCHOLOGIST_DEFAULTS));
    const started = performance.now();
    let slots = 0;
    for (const psychologistId of psychologistIds) {
      const result = await operator.mutate('admin.availability.generate', { psychologistId, ...yearOfWeekdays() });
      if (result.status !== 200) throw new Error(`Generation failed: ${JSON.stringify(result.error)}`);
      slots += (result.data as { count: number }).count;
    }
    return { ms: performance.now() - started, slots };
  } finally {
    await t.close();
  }
}

export async function benchmarkAvailabilityGeneration(): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const dialect of TEST_DIALECTS) {
    const generation = await timeGeneration(dialect);
    const maths = timeSlotMaths();
    if (generation.slots !== maths.slots) throw new Error(`Generated ${generation.slots} slots, the maths says ${maths.slots}`);
    figures.push({
      benchmark: `a year of weekday slots for ${PSYCHOLOGISTS} psychologists (${generation.slots.toLocaleString('en')} slots), ${dialect}`,
      figure: formatMs(generation.ms),
      baseline: `${formatMs(maths.ms)} (slot maths alone)`,
      ratio: generation.ms / maths.ms,
      target: `< ${formatMs(TARGET_MS)}`,
      met: generation.ms < TARGET_MS,
    });
  }
  return figures;
}

runWhenMain(import.meta.url, benchmarkAvailabilityGeneration);
