import { addCalendarDays, calendarDateIn } from './calendar-days';

/**
 * The Today view (issue 26, docs/decisions/0048): the two days a clinic works from, read where
 * each psychologist works, as their own calendar shows them.
 */
export const TODAY_DAYS = ['today', 'tomorrow'] as const;
export type TodayDay = (typeof TODAY_DAYS)[number];

/**
 * Instants that surely hold every zone's today and tomorrow: a local day starts at most a day
 * (and a daylight-saving hour) before now, and tomorrow ends at most two days (and an hour) after.
 */
const HOUR_MS = 3_600_000;
export function todayWindow(now: Date): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - 25 * HOUR_MS), to: new Date(now.getTime() + 49 * HOUR_MS) };
}

/** Whether a session starts today or tomorrow where its psychologist works; undefined for any other day. */
export function dayOfSession(startUtc: Date, timezone: string, now: Date): TodayDay | undefined {
  const today = calendarDateIn(now, timezone);
  const day = calendarDateIn(startUtc, timezone);
  if (day === today) return 'today';
  if (day === addCalendarDays(today, 1)) return 'tomorrow';
  return undefined;
}

/**
 * Requests waiting for the clinic's answer: those whose visitor answered the crisis item first
 * (for the roles that may know it), then the longest waiting first.
 */
export function waitingOrder<Request extends { createdAt: Date; contactPromptly?: boolean }>(requests: readonly Request[]): Request[] {
  return [...requests].sort(
    (a, b) => Number(Boolean(b.contactPromptly)) - Number(Boolean(a.contactPromptly)) || a.createdAt.getTime() - b.createdAt.getTime(),
  );
}
