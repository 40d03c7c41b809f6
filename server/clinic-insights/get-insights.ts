import { z } from 'zod';
import { countAppointmentChanges } from '../../db/repositories/appointment-events';
import { findConfigurationOfOperator } from '../../db/repositories/configurations';
import { sumCounters } from '../../db/repositories/screener-event-counters';
import {
  addDays,
  bookingCountsOf,
  conversionPercent,
  daysInRange,
  malaysianDay,
  MASKED,
  MAX_INSIGHTS_DAYS,
  maskCount,
  maskParts,
  SMALL_COUNT,
  startOfMalaysianDay,
} from '../../domain/anonymous-insights';
import { TEST_TYPES, type TestType } from '../../domain/configuration';
import { parseCounterKey, SCALE_LEVELS } from '../../domain/screener-events';
import type { OperatorContext } from '../context';
import { fieldMessage } from '../field-messages';
import { fieldsAreValid } from '../zod-fields';

/** Without dates: the last 30 days. */
const DEFAULT_DAYS = 30;

const ZDay = z.iso.date({ error: fieldMessage('date') });

/** GET /api/insights?from=YYYY-MM-DD&to=YYYY-MM-DD: Malaysian days, both counted. */
export const ZInsightsRequest = z
  .strictObject({ from: ZDay.optional(), to: ZDay.optional() })
  .refine((input) => !input.from || !input.to || input.to >= input.from, {
    path: ['to'],
    message: fieldMessage('onOrAfterStartDate'),
    when: fieldsAreValid,
  })
  .refine((input) => !input.from || !input.to || daysInRange(input.from, input.to) <= MAX_INSIGHTS_DAYS, {
    path: ['to'],
    message: fieldMessage('atMostDaysAfterFrom', { days: MAX_INSIGHTS_DAYS }),
    when: fieldsAreValid,
  });

/** A count of 5 or more, or "< 5": the answer never holds a smaller count. */
export const ZCount = z.union([z.number().int().min(SMALL_COUNT), z.literal(MASKED)]);

const ZScreenings = z.object({
  testType: z.enum(TEST_TYPES),
  started: ZCount,
  consented: ZCount,
  completed: ZCount,
  crisisShown: ZCount,
  /** Each scale of the test with the spread of its levels, from the mildest. */
  scales: z.array(z.object({ scale: z.string(), levels: z.array(z.object({ level: z.string(), count: ZCount })) })),
});

export const ZInsights = z.object({
  from: z.string(),
  to: z.string(),
  /** Null while the clinic's screener is still the sample: it is no one's, and nothing is counted for it. */
  figures: z
    .object({
      /** The screener's test, then any other it asked in the period. */
      screenings: z.array(ZScreenings),
      bookings: z.object({ requested: ZCount, confirmed: ZCount, completed: ZCount, noShow: ZCount }),
      /** Bookings requested per 100 completed screenings; null while either count is under 5. */
      conversionPercent: z.number().int().min(0).nullable(),
    })
    .nullable(),
});
export type Insights = z.output<typeof ZInsights>;

/** The screenings of one test in the period, each count masked. */
function screeningsOf(testType: TestType, totals: ReadonlyMap<string, number>): z.output<typeof ZScreenings> {
  const total = (key: string) => totals.get(key) ?? 0;
  return {
    testType,
    started: maskCount(total(`started:${testType}`)),
    consented: maskCount(total(`consented:${testType}`)),
    completed: maskCount(total(`completed:${testType}`)),
    crisisShown: maskCount(total(`crisisShown:${testType}`)),
    scales: Object.entries(SCALE_LEVELS[testType]).map(([scale, levels]) => {
      const counts = maskParts(levels.map((level) => total(`level:${testType}:${scale}:${level}`)));
      return { scale, levels: levels.map((level, index) => ({ level, count: counts[index]! })) };
    }),
  };
}

/**
 * The clinic's anonymous figures for its own screener: screenings from the counters, bookings
 * from its appointments' status changes, every count under 5 hidden here, on the server.
 */
export async function getInsights(ctx: Pick<OperatorContext, 'db' | 'admin' | 'now'>, input: z.output<typeof ZInsightsRequest>): Promise<Insights> {
  const to = input.to ?? malaysianDay(ctx.now());
  const from = input.from ?? addDays(to, 1 - DEFAULT_DAYS);
  const configuration = await findConfigurationOfOperator(ctx.db, ctx.admin.id);
  if (!configuration) return { from, to, figures: null };

  const [totals, changes] = await Promise.all([
    sumCounters(ctx.db, configuration.id, from, to),
    countAppointmentChanges(ctx.db, ctx.admin.id, startOfMalaysianDay(from), startOfMalaysianDay(addDays(to, 1))),
  ]);
  const asked = new Set<TestType>([configuration.testType]);
  for (const key of totals.keys()) {
    const parsed = parseCounterKey(key);
    if (parsed) asked.add(parsed.testType);
  }
  const bookings = bookingCountsOf(changes);
  const completed = [...asked].reduce((sum, testType) => sum + (totals.get(`completed:${testType}`) ?? 0), 0);
  return {
    from,
    to,
    figures: {
      screenings: [...asked].map((testType) => screeningsOf(testType, totals)),
      bookings: {
        requested: maskCount(bookings.requested),
        confirmed: maskCount(bookings.confirmed),
        completed: maskCount(bookings.completed),
        noShow: maskCount(bookings.noShow),
      },
      conversionPercent: conversionPercent(completed, bookings.requested),
    },
  };
}
