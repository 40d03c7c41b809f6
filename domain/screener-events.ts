import type { Gad7Level, Phq9Level, WhooleyLevel } from './combined';
import type { TestType } from './configuration';
import { DASS21_SEVERITY_RANK, type Dass21Level } from './dass21';
import { completedScreening, type ScreeningSession } from './screening-session';

/**
 * The anonymous events a screener reports for its clinic's insights (docs/decisions/0025), and
 * the counters they add to. An event names what happened in the flow and nothing about who.
 */

const DASS21_LEVELS = Object.keys(DASS21_SEVERITY_RANK) as Dass21Level[];
const WHOOLEY_LEVELS = ['negative', 'positive'] as const satisfies readonly WhooleyLevel[];
const PHQ9_LEVELS = ['minimal', 'mild', 'moderate', 'moderatelySevere', 'severe'] as const satisfies readonly Phq9Level[];
const GAD7_LEVELS = ['minimal', 'mild', 'moderate', 'severe'] as const satisfies readonly Gad7Level[];

/** The scales of each test and the levels each can give, from the mildest. */
export const SCALE_LEVELS: Readonly<Record<TestType, Readonly<Record<string, readonly string[]>>>> = {
  'DASS-21': { depression: DASS21_LEVELS, anxiety: DASS21_LEVELS, stress: DASS21_LEVELS },
  Combined: { whooley: WHOOLEY_LEVELS, phq9: PHQ9_LEVELS, gad7: GAD7_LEVELS },
};

/** The steps a visitor passes: chose an age, consented, saw a crisis notice, finished the questions. */
export const SCREENER_EVENT_KINDS = ['started', 'consented', 'crisisShown', 'completed'] as const;
export type ScreenerEventKind = (typeof SCREENER_EVENT_KINDS)[number];

export type ScreenerEvent =
  | { readonly kind: Exclude<ScreenerEventKind, 'completed'>; readonly testType: TestType }
  /** A finished screening with the level of each scale of its test (no score, no answer). */
  | { readonly kind: 'completed'; readonly testType: TestType; readonly levels: Readonly<Record<string, string>> };

type ResultsByScale = Readonly<Record<string, { readonly level: string }>>;

/**
 * The events one step of the visitor's session produced. "Started" is the first choice of an
 * age (the visitor's first act, so a page merely opened counts nothing), "consented" the consent
 * given, "crisisShown" each time the crisis notice rises, "completed" the results reached.
 */
export function screenerEventsBetween(
  testType: TestType,
  before: ScreeningSession<number, unknown>,
  after: ScreeningSession<number, unknown>,
): ScreenerEvent[] {
  const events: ScreenerEvent[] = [];
  if (before.userAge === null && after.userAge !== null) events.push({ kind: 'started', testType });
  if (!before.consentGiven && after.consentGiven) events.push({ kind: 'consented', testType });
  if (!before.showCrisis && after.showCrisis) events.push({ kind: 'crisisShown', testType });
  if (completedScreening(before, after)) {
    const results = after.results as ResultsByScale;
    const levels = Object.fromEntries(Object.keys(SCALE_LEVELS[testType]).map((scale) => [scale, results[scale]!.level]));
    events.push({ kind: 'completed', testType, levels });
  }
  return events;
}

/** A counter's key as stored: `<kind>:<test>` for each step, `level:<test>:<scale>:<level>` per scale. */
export type CounterKey = string;

/** The counters an event adds one to: a step, and for a completion the level of each scale. */
export function counterKeysOf(event: ScreenerEvent): CounterKey[] {
  const step = `${event.kind}:${event.testType}`;
  if (event.kind !== 'completed') return [step];
  return [step, ...Object.entries(event.levels).map(([scale, level]) => `level:${event.testType}:${scale}:${level}`)];
}

export type ParsedCounterKey =
  | { kind: ScreenerEventKind; testType: TestType }
  | { kind: 'level'; testType: TestType; scale: string; level: string };

/** What a stored key counts; undefined for a key the flow cannot produce. */
export function parseCounterKey(key: CounterKey): ParsedCounterKey | undefined {
  const [kind, testType, scale, level, ...rest] = key.split(':');
  if (rest.length > 0 || !(testType! in SCALE_LEVELS)) return undefined;
  const test = testType as TestType;
  if (kind === 'level') {
    return scale !== undefined && level !== undefined && SCALE_LEVELS[test][scale]?.includes(level)
      ? { kind, testType: test, scale, level }
      : undefined;
  }
  const isStep = (SCREENER_EVENT_KINDS as readonly string[]).includes(kind!);
  return isStep && scale === undefined ? { kind: kind as ScreenerEventKind, testType: test } : undefined;
}

/**
 * The step each step needs counted before it in one screening: consent after the start (an age
 * chosen), the crisis notice and the results after consent (the questions come after it).
 */
const STEP_NEEDS: Readonly<Record<ScreenerEventKind, ScreenerEventKind | null>> = {
  started: null,
  consented: 'started',
  crisisShown: 'consented',
  completed: 'consented',
};

export type ScreeningStepsProblem = 'repeated' | 'outOfOrder';

/**
 * Why a screening's next steps cannot be counted after those it already counted, or null. Each
 * step counts at most once per screening (a crisis notice that rises again, a completion sent
 * twice), and only after the steps that must come before it: a completion without a start is
 * refused, since the flow cannot produce it.
 */
export function screeningStepsProblem(counted: ReadonlySet<ScreenerEventKind>, steps: readonly ScreenerEventKind[]): ScreeningStepsProblem | null {
  const seen = new Set(counted);
  for (const step of steps) {
    if (seen.has(step)) return 'repeated';
    const needs = STEP_NEEDS[step];
    if (needs !== null && !seen.has(needs)) return 'outOfOrder';
    seen.add(step);
  }
  return null;
}
