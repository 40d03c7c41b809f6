import { INSTRUMENT_SCALES, type MeasureScale } from './measures';

/**
 * Alerts on measures (issue 30, docs/decisions/0068): what one is about, and when an unacknowledged
 * one goes to the owner and admins again.
 */

/** Issue 30: "An alert unacknowledged after 24 hours escalates to the owner and admins again." */
export const ESCALATE_AFTER_HOURS = 24;

/** The longest note an acknowledgement may carry (issue 30's task: max 500). */
export const ALERT_NOTE_MAX = 500;

/** Why an alert was raised: a risk item answered, or a scale's reliable deterioration. */
export type AlertReason = { kind: 'risk' } | { kind: 'deterioration'; scale: MeasureScale };

/** Every instrument's scales: the ones a deterioration may name. */
export const ALERT_SCALES = Object.values(INSTRUMENT_SCALES).flat() as [MeasureScale, ...MeasureScale[]];

/** The stored reason ('risk' or 'deterioration:<scale>') read back; anything else is a broken row. */
export function alertReasonOf(stored: string): AlertReason {
  if (stored === 'risk') return { kind: 'risk' };
  const [kind, scale] = stored.split(':');
  if (kind === 'deterioration' && scale !== undefined && (ALERT_SCALES as readonly string[]).includes(scale)) return { kind, scale: scale as MeasureScale };
  throw new Error(`Unknown measure alert reason: ${stored}`);
}
