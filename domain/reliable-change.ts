import type { TranslationFunctions } from '../i18n/i18n-types';
import type { MeasureScale } from './measures';

/**
 * Where a scale's clinical cut-off and reliable change come from; the key of the text naming
 * the source in `admin.measures.sources`, shown behind each change badge.
 */
export type ChangeRuleSource = 'nhsTalkingTherapies' | 'jacobsonTruaxHenryCrawford';

export interface ScaleChangeRule {
  /** The lowest score that counts as a clinical case ("caseness"). */
  readonly caseness: number;
  /** The smallest change, either way, that measurement error alone is unlikely to explain. */
  readonly reliableChange: number;
  readonly source: ChangeRuleSource;
}

/** z for a two-sided 95% interval, as Jacobson & Truax use it. */
const Z_95 = 1.96;

/**
 * Jacobson, N. S. & Truax, P. (1991), "Clinical significance: a statistical approach to defining
 * meaningful change in psychotherapy research", J Consult Clin Psychol 59:12-19, with the √2 of
 * Christensen & Mendoza (1986): a change is reliable when it reaches
 * 1.96 · SEdiff = 1.96 · SD · √2 · √(1 − r), SD the score's standard deviation and r its reliability.
 */
export function reliableChangeThreshold(standardDeviation: number, reliability: number): number {
  return Z_95 * standardDeviation * Math.SQRT2 * Math.sqrt(1 - reliability);
}

/**
 * DASS-21 norms: Henry, J. D. & Crawford, J. R. (2005), "The short-form version of the
 * Depression Anxiety Stress Scales (DASS-21): construct validity and normative data in a large
 * non-clinical sample", Br J Clin Psychol 44:227-239 (N = 1,794 UK adults). Cronbach's α
 * Depression .88, Anxiety .82, Stress .90; standard deviations of the summed 7-item scales 3.87,
 * 2.95 and 4.20, doubled here (7.74, 5.90, 8.40) because the screener doubles every DASS-21 score
 * (domain/dass21.ts), and doubling a score doubles its SD.
 */
const DASS21_NORMS = {
  depression: { standardDeviation: 3.87 * 2, reliability: 0.88 },
  anxiety: { standardDeviation: 2.95 * 2, reliability: 0.82 },
  stress: { standardDeviation: 4.2 * 2, reliability: 0.9 },
} as const;

/**
 * The DASS-21 has no published caseness cut-off, so a score counts as a case from the first
 * band above "normal" in Lovibond & Lovibond's manual (1995), the bands the screener shows
 * (domain/dass21.ts): Depression 10, Anxiety 8, Stress 15 on the doubled scale.
 */
function dass21Rule(scale: keyof typeof DASS21_NORMS, caseness: number): ScaleChangeRule {
  const { standardDeviation, reliability } = DASS21_NORMS[scale];
  return { caseness, reliableChange: reliableChangeThreshold(standardDeviation, reliability), source: 'jacobsonTruaxHenryCrawford' };
}

/**
 * PHQ-9 and GAD-7: NHS England, NHS Talking Therapies for anxiety and depression Manual (the
 * IAPT Manual before 2023), the outcome definitions its national statistics use: caseness is
 * PHQ-9 10 or more and GAD-7 8 or more; reliable change is 6 or more points on the PHQ-9 and 4
 * or more on the GAD-7. The same numbers in Gyani, A. et al. (2013), "Enhancing recovery rates:
 * lessons from year one of IAPT", Behav Res Ther 51:597-606.
 */
export const SCALE_CHANGE_RULES: Readonly<Record<MeasureScale, ScaleChangeRule>> = {
  phq9: { caseness: 10, reliableChange: 6, source: 'nhsTalkingTherapies' },
  gad7: { caseness: 8, reliableChange: 4, source: 'nhsTalkingTherapies' },
  depression: dass21Rule('depression', 10),
  anxiety: dass21Rule('anxiety', 8),
  stress: dass21Rule('stress', 15),
};

/** Doubled DASS-21 scores move in steps of 2; the PHQ-9 and GAD-7 in steps of 1. */
const SCORE_STEP: Readonly<Record<MeasureScale, number>> = { phq9: 1, gad7: 1, depression: 2, anxiety: 2, stress: 2 };

/**
 * The smallest change a client's scores can actually show that is reliable, for the badge's
 * explanation ("8 points or more" reads better than "7.43").
 */
export function smallestReliableChange(scale: MeasureScale): number {
  const step = SCORE_STEP[scale];
  return Math.ceil(SCALE_CHANGE_RULES[scale].reliableChange / step) * step;
}

/** Higher scores are worse on every scale here, so improvement is a fall in score. */
export type ChangeBadge = 'recovery' | 'reliableImprovement' | 'noReliableChange' | 'reliableDeterioration';

/**
 * The change from one score to a later one. Recovery is a reliable improvement that also
 * crosses from a clinical case to below the cut-off (the manual's "reliable recovery", per scale).
 */
export function classifyChange(scale: MeasureScale, before: number, after: number): ChangeBadge {
  const { caseness, reliableChange } = SCALE_CHANGE_RULES[scale];
  const change = after - before;
  if (change >= reliableChange) return 'reliableDeterioration';
  if (-change < reliableChange) return 'noReliableChange';
  return before >= caseness && after < caseness ? 'recovery' : 'reliableImprovement';
}

export interface ScaleChangeBadges {
  readonly sinceBaseline: ChangeBadge;
  readonly sinceLast: ChangeBadge;
}

/**
 * The two badges of a scale from its scores in time order, the baseline first. Null until
 * there are two scores; with exactly two, "since last" is the change since baseline.
 */
export function scaleChangeBadges(scale: MeasureScale, scores: readonly number[]): ScaleChangeBadges | null {
  if (scores.length < 2) return null;
  const latest = scores[scores.length - 1]!;
  return {
    sinceBaseline: classifyChange(scale, scores[0]!, latest),
    sinceLast: classifyChange(scale, scores[scores.length - 2]!, latest),
  };
}

/**
 * Whether the newest score shows a reliable deterioration that calls for an alert: since the
 * last measure, or since baseline when the measure before it was not already reliably worse
 * than baseline (so a lasting deterioration alerts once, not at every measure).
 */
export function deteriorationCallsForAlert(scale: MeasureScale, scores: readonly number[]): boolean {
  const now = scaleChangeBadges(scale, scores);
  if (!now) return false;
  if (now.sinceLast === 'reliableDeterioration') return true;
  const before = scaleChangeBadges(scale, scores.slice(0, -1));
  return now.sinceBaseline === 'reliableDeterioration' && before?.sinceBaseline !== 'reliableDeterioration';
}

/** What a badge says on hover or tap: its meaning, the scale's rule in numbers, and the source. */
export function changeBadgeExplanation(scale: MeasureScale, badge: ChangeBadge, LL: TranslationFunctions): string {
  const texts = LL.admin.measures;
  const rule = SCALE_CHANGE_RULES[scale];
  return [
    texts.badgeMeanings[badge](),
    texts.rule({ caseness: rule.caseness, reliableChange: smallestReliableChange(scale) }),
    texts.sources[rule.source](),
  ].join(' ');
}
