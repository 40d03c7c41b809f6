import { z } from 'zod';
import { incrementCounters } from '../../db/repositories/screener-event-counters';
import { malaysianDay } from '../../domain/anonymous-insights';
import { DEFAULT_CONFIGURATION_ID, TEST_TYPES } from '../../domain/configuration';
import { counterKeysOf, SCALE_LEVELS, SCREENER_EVENT_KINDS, type ScreenerEvent } from '../../domain/screener-events';
import { findScreenerConfiguration } from '../configuration/get-public-configuration';
import { ZScreenerIdentifier } from '../configuration/screener-owner';
import type { RequestContext } from '../context';
import { AppError, NotFoundError } from '../errors';
import { fieldMessage } from '../field-messages';
import { enforceRateLimits } from '../rate-limit/rate-limits';
import { oneOf } from '../zod-fields';
import { countScreeningSteps } from './screening-steps';

/** A screening's steps arrive one call each; the completion is one event. */
const MAX_EVENTS_PER_CALL = 4;

/**
 * One event as the screener sends it, refused unless the flow could produce it: a known step of
 * a known test, and levels only with a completion, one for each scale of that test, each a level
 * that scale has.
 */
const ZScreenerEvent = z
  .strictObject({
    kind: z.enum(SCREENER_EVENT_KINDS, { error: oneOf(SCREENER_EVENT_KINDS) }),
    testType: z.enum(TEST_TYPES, { error: fieldMessage('testType') }),
    levels: z.record(z.string().max(40), z.string().max(40)).optional(),
  })
  .superRefine(({ kind, testType, levels }, ctx) => {
    if (kind !== 'completed') {
      if (levels !== undefined) ctx.addIssue({ code: 'custom', path: ['levels'], message: fieldMessage('levelsOnlyWhenCompleted') });
      return;
    }
    const scales = SCALE_LEVELS[testType];
    for (const [scale, allowed] of Object.entries(scales)) {
      const level = levels?.[scale];
      if (level === undefined) ctx.addIssue({ code: 'custom', path: ['levels', scale], message: fieldMessage('required') });
      else if (!allowed.includes(level)) ctx.addIssue({ code: 'custom', path: ['levels', scale], message: oneOf(allowed) });
    }
    for (const scale of Object.keys(levels ?? {}).filter((key) => !(key in scales))) {
      ctx.addIssue({ code: 'custom', path: ['levels', scale], message: fieldMessage('notAScaleOf', { testType }) });
    }
  })
  .transform((event) => event as ScreenerEvent);

/** POST /api/public/events: anonymous steps of one screening, by the screener's id or slug. */
export const ZRecordScreenerEventsRequest = z.strictObject({
  screener: ZScreenerIdentifier,
  /** A random id the screener draws when the visitor starts, so each step counts once per screening. */
  screening: z.string({ error: fieldMessage('screeningId') }).regex(/^[0-9a-f]{32}$/, fieldMessage('screeningId')),
  events: z.array(ZScreenerEvent).min(1).max(MAX_EVENTS_PER_CALL),
});
export type RecordScreenerEventsRequest = z.input<typeof ZRecordScreenerEventsRequest>;

/** Nothing of the visitor, nor of the count: the answer only says the call was taken. */
export const ZRecordScreenerEventsResponse = z.object({ ok: z.literal(true) });

type Ctx = Pick<RequestContext, 'db' | 'dialect' | 'env' | 'now' | 'rateLimits' | 'ip' | 'configurations'>;

/**
 * Adds the events to the screener's counters of the Malaysian day, each step once per screening
 * and in an order the flow can make (screening-steps.ts). The sample screener is no clinic's,
 * so its visitors are counted for nobody.
 */
export async function recordScreenerEvents(
  ctx: Ctx,
  input: { screener: string; screening: string; events: readonly ScreenerEvent[] },
): Promise<z.output<typeof ZRecordScreenerEventsResponse>> {
  await enforceRateLimits(ctx, [
    ['screenerEventsPerIp', ctx.ip],
    ['screenerEventsPerIpPerDay', ctx.ip],
  ]);
  if (input.screener === DEFAULT_CONFIGURATION_ID) return { ok: true };
  const configuration = await findScreenerConfiguration(ctx, input.screener);
  if (!configuration?.userId) throw new NotFoundError('screener');
  const { testType } = configuration;
  // The screener's flow asks its own test only (a visitor who loaded it before the operator
  // switched tests is lost for that screening).
  if (input.events.some((event) => event.testType !== testType)) {
    throw new AppError('BAD_REQUEST', (t) => t.errors.eventsOfAnotherTest({ testType }));
  }
  await countScreeningSteps(ctx, { configurationId: configuration.id, id: input.screening, steps: input.events.map((event) => event.kind) });
  await incrementCounters(ctx.db, ctx.dialect, {
    configurationId: configuration.id,
    day: malaysianDay(ctx.now()),
    events: input.events.flatMap(counterKeysOf),
  });
  return { ok: true };
}
