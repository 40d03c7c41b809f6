import { describe, expect, it } from 'vitest';
import { i18nObject } from '../i18n/i18n-util';
import { loadAllLocales } from '../i18n/i18n-util.sync';
import {
  changeBadgeExplanation,
  classifyChange,
  deteriorationCallsForAlert,
  reliableChangeThreshold,
  SCALE_CHANGE_RULES,
  scaleChangeBadges,
  smallestReliableChange,
} from './reliable-change';

describe('reliableChangeThreshold (Jacobson & Truax)', () => {
  it('is 1.96 · SD · √2 · √(1 − r)', () => {
    // √2 · √(1 − .82) = √.36 = 0.6 exactly, so the anxiety scale's threshold is 1.96 · 5.90 · 0.6.
    expect(reliableChangeThreshold(5.9, 0.82)).toBeCloseTo(6.9384, 10);
    // A perfectly reliable measure changes reliably by any amount; zero spread gives zero.
    expect(reliableChangeThreshold(10, 1)).toBe(0);
    expect(reliableChangeThreshold(0, 0.5)).toBe(0);
  });

  it('gives the DASS-21 thresholds from Henry & Crawford’s norms, on the doubled scores', () => {
    expect(SCALE_CHANGE_RULES.depression.reliableChange).toBeCloseTo(7.43, 2);
    expect(SCALE_CHANGE_RULES.anxiety.reliableChange).toBeCloseTo(6.94, 2);
    expect(SCALE_CHANGE_RULES.stress.reliableChange).toBeCloseTo(7.36, 2);
  });

  it('keeps the NHS Talking Therapies numbers for the PHQ-9 and GAD-7', () => {
    expect(SCALE_CHANGE_RULES.phq9).toEqual({ caseness: 10, reliableChange: 6, source: 'nhsTalkingTherapies' });
    expect(SCALE_CHANGE_RULES.gad7).toEqual({ caseness: 8, reliableChange: 4, source: 'nhsTalkingTherapies' });
  });
});

describe('smallestReliableChange', () => {
  it('is the manual’s figure for the PHQ-9 and GAD-7, and the next even score for the doubled DASS-21', () => {
    expect(smallestReliableChange('phq9')).toBe(6);
    expect(smallestReliableChange('gad7')).toBe(4);
    expect(['depression', 'anxiety', 'stress'].map((scale) => smallestReliableChange(scale as 'stress'))).toEqual([8, 8, 8]);
  });
});

describe('classifyChange', () => {
  it.each([
    // [before, after, badge]: each side of 6 points and of the cut-off at 10.
    [15, 9, 'recovery'],
    [10, 4, 'recovery'],
    [15, 10, 'noReliableChange'],
    [16, 10, 'reliableImprovement'],
    [9, 3, 'reliableImprovement'],
    [14, 9, 'noReliableChange'],
    [4, 10, 'reliableDeterioration'],
    [4, 9, 'noReliableChange'],
    [12, 12, 'noReliableChange'],
    [21, 27, 'reliableDeterioration'],
  ] as const)('PHQ-9 %i → %i is %s', (before, after, badge) => {
    expect(classifyChange('phq9', before, after)).toBe(badge);
  });

  it.each([
    // Each side of 4 points and of the cut-off at 8.
    [11, 7, 'recovery'],
    [8, 4, 'recovery'],
    [12, 8, 'reliableImprovement'],
    [11, 8, 'noReliableChange'],
    [7, 3, 'reliableImprovement'],
    [3, 7, 'reliableDeterioration'],
    [3, 6, 'noReliableChange'],
  ] as const)('GAD-7 %i → %i is %s', (before, after, badge) => {
    expect(classifyChange('gad7', before, after)).toBe(badge);
  });

  it.each([
    // Doubled scores move in steps of 2: 6 stays under every DASS-21 threshold (6.94-7.43), 8 passes it.
    ['depression', 16, 8, 'recovery'],
    ['depression', 10, 2, 'recovery'],
    ['depression', 10, 4, 'noReliableChange'],
    ['depression', 20, 12, 'reliableImprovement'],
    ['depression', 4, 12, 'reliableDeterioration'],
    ['depression', 4, 10, 'noReliableChange'],
    ['anxiety', 8, 0, 'recovery'],
    ['anxiety', 14, 6, 'recovery'],
    ['anxiety', 16, 8, 'reliableImprovement'],
    ['anxiety', 14, 8, 'noReliableChange'],
    ['anxiety', 2, 10, 'reliableDeterioration'],
    ['stress', 22, 14, 'recovery'],
    ['stress', 24, 16, 'reliableImprovement'],
    ['stress', 22, 16, 'noReliableChange'],
    ['stress', 14, 22, 'reliableDeterioration'],
  ] as const)('DASS-21 %s %i → %i is %s', (scale, before, after, badge) => {
    expect(classifyChange(scale, before, after)).toBe(badge);
  });
});

describe('scaleChangeBadges', () => {
  it('has no badge before a second score', () => {
    expect(scaleChangeBadges('phq9', [])).toBeNull();
    expect(scaleChangeBadges('phq9', [18])).toBeNull();
  });

  it('compares the newest score with the baseline and with the one before it', () => {
    expect(scaleChangeBadges('phq9', [18, 11])).toEqual({ sinceBaseline: 'reliableImprovement', sinceLast: 'reliableImprovement' });
    expect(scaleChangeBadges('phq9', [18, 11, 8])).toEqual({ sinceBaseline: 'recovery', sinceLast: 'noReliableChange' });
    expect(scaleChangeBadges('gad7', [6, 2, 9])).toEqual({ sinceBaseline: 'noReliableChange', sinceLast: 'reliableDeterioration' });
  });
});

describe('changeBadgeExplanation', () => {
  loadAllLocales();

  it('says what the badge means, the scale’s numbers, and where they come from', () => {
    expect(changeBadgeExplanation('phq9', 'recovery', i18nObject('en'))).toBe(
      'Now below the clinical cut-off after being above it, and better by at least the reliable change. ' +
        'Clinical cut-off: 10 and above. Reliable change: 6 points or more. ' +
        'Source: NHS England, NHS Talking Therapies for anxiety and depression Manual (formerly the IAPT Manual).',
    );
    const stress = changeBadgeExplanation('stress', 'reliableDeterioration', i18nObject('en'));
    expect(stress).toContain('Clinical cut-off: 15 and above. Reliable change: 8 points or more.');
    expect(stress).toContain('Henry & Crawford, 2005');
  });

  it('reads in Malay for a Malay admin', () => {
    const text = changeBadgeExplanation('gad7', 'noReliableChange', i18nObject('ms'));
    expect(text).toContain('Titik potong klinikal: 8 ke atas. Perubahan yang boleh dipercayai: 4 mata atau lebih.');
    expect(text).toContain('Sumber: NHS England');
  });
});

describe('deteriorationCallsForAlert', () => {
  it('alerts on a reliable deterioration since the last measure', () => {
    expect(deteriorationCallsForAlert('phq9', [12, 6, 12])).toBe(true);
    expect(deteriorationCallsForAlert('phq9', [12, 6, 11])).toBe(false);
  });

  it('alerts once when the score drifts reliably above baseline, not at every later measure', () => {
    expect(deteriorationCallsForAlert('gad7', [4, 6, 8])).toBe(true);
    expect(deteriorationCallsForAlert('gad7', [4, 6, 8, 9])).toBe(false);
    expect(deteriorationCallsForAlert('gad7', [4, 6])).toBe(false);
  });

  it('has nothing to compare before a second score', () => {
    expect(deteriorationCallsForAlert('stress', [30])).toBe(false);
  });
});
