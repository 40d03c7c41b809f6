import { describe, expect, it } from 'vitest';
import { crisisRecommendation, isAtCrisisLevel, withCrisisResources } from './crisis-guard';
import type { Analysis } from './analysis';
import type { FollowUpAnswer, Screening } from './screening';

const dass21 = (depression: [number, string], followUpAnswers: FollowUpAnswer[] = []): Screening =>
  ({
    test: 'dass21',
    results: {
      depression: { score: depression[0], level: depression[1] },
      anxiety: { score: 20, level: 'extremelySevere' },
      stress: { score: 34, level: 'extremelySevere' },
    },
    followUpAnswers,
    language: 'en',
  }) as Screening;

const combined = (phq9: [number, string], language: 'en' | 'ms' = 'en'): Screening =>
  ({
    test: 'combined',
    results: { whooley: { score: 2, level: 'positive' }, phq9: { score: phq9[0], level: phq9[1] }, gad7: { score: 21, level: 'severe' } },
    language,
  }) as Screening;

const ANALYSIS: Analysis = { summary: 'A hard week.', recommendations: ['Rest.'] };

describe('the crisis level', () => {
  it('is reached by DASS-21 depression at Severe or Extremely Severe only', () => {
    expect(isAtCrisisLevel(dass21([20, 'moderate']))).toBe(false);
    expect(isAtCrisisLevel(dass21([21, 'severe']))).toBe(true);
    expect(isAtCrisisLevel(dass21([42, 'extremelySevere']))).toBe(true);
  });

  it('is reached by a follow-up to item 21, which is asked only after its maximum answer', () => {
    expect(isAtCrisisLevel(dass21([4, 'normal'], [{ questionId: 21, followUpId: 'q21-2', answer: 'my cat' }]))).toBe(true);
    expect(isAtCrisisLevel(dass21([4, 'normal'], [{ questionId: 13, followUpId: 'q13-1', answer: 'tired' }]))).toBe(false);
  });

  it('is reached by PHQ-9 at Moderately Severe or Severe only', () => {
    expect(isAtCrisisLevel(combined([14, 'moderate']))).toBe(false);
    expect(isAtCrisisLevel(combined([15, 'moderatelySevere']))).toBe(true);
    expect(isAtCrisisLevel(combined([27, 'severe']))).toBe(true);
  });
});

describe('the crisis guard', () => {
  it('leaves an analysis below the crisis level as it is', () => {
    expect(withCrisisResources(ANALYSIS, combined([14, 'moderate']))).toBe(ANALYSIS);
  });

  it('puts the crisis recommendation first, in the visitor’s language, when the lines are missing', () => {
    expect(withCrisisResources(ANALYSIS, combined([20, 'severe'], 'ms'))).toEqual({
      summary: 'A hard week.',
      recommendations: [crisisRecommendation('ms'), 'Rest.'],
    });
    expect(crisisRecommendation('ms')).toBe(
      'Jika anda dalam bahaya atau terfikir untuk mencederakan diri, hubungi 999 (atau 112 dari telefon bimbit) sekarang. Anda juga boleh menghubungi Talian HEAL 15555 atau Befrienders Kuala Lumpur 03-7627 2929, dan sila berjumpa profesional kesihatan mental secepat mungkin.',
    );
  });

  it.each([
    ['one line is missing', 'Call 999 or Talian HEAL 15555, and see a counsellor.'],
    ['no professional is named', 'Call 999, Talian HEAL 15555 or Befrienders 03-7627 2929.'],
    ['a number only appears inside another', 'Call 9999, Talian HEAL 155556 or Befrienders 03-7627 29290 and a doctor.'],
  ])('adds the crisis recommendation when %s', (_, advice) => {
    const analysis = { summary: 'A hard week.', recommendations: [advice] };
    expect(withCrisisResources(analysis, dass21([28, 'extremelySevere'])).recommendations).toEqual([crisisRecommendation('en'), advice]);
  });

  it.each([
    'Call 999, Talian HEAL 15555 or Befrienders 03-7627 2929, and see a psychologist.',
    'Call 9 9 9, HEAL at 15 555 or Befrienders at +60 3 7627 2929; a professional can help.',
    'Hubungi 999, Talian HEAL 15555 atau Befrienders 0376272929, dan jumpa kaunselor.',
  ])('keeps a model’s advice that names every line and a professional: %s', (advice) => {
    const analysis = { summary: 'A hard week.', recommendations: [advice] };
    expect(withCrisisResources(analysis, dass21([28, 'extremelySevere']))).toBe(analysis);
  });

  it('is satisfied by its own recommendation, so an answer never gets it twice', () => {
    const guarded = withCrisisResources(ANALYSIS, dass21([28, 'extremelySevere']));
    expect(withCrisisResources(guarded, dass21([28, 'extremelySevere']))).toBe(guarded);
  });
});
