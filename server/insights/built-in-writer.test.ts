import { describe, expect, it } from 'vitest';
import { writeBuiltInInsights } from './built-in-writer';
import type { Screening } from './screening';

const dass21 = (language: 'en' | 'ms', levels: Partial<Record<'depression' | 'anxiety' | 'stress', [number, string]>> = {}): Screening => {
  const scale = (name: 'depression' | 'anxiety' | 'stress') => {
    const [score, level] = levels[name] ?? [0, 'normal'];
    return { score, level };
  };
  return {
    test: 'dass21',
    results: { depression: scale('depression'), anxiety: scale('anxiety'), stress: scale('stress') },
    followUpAnswers: [],
    language,
  } as Screening;
};

const combined = (language: 'en' | 'ms'): Screening => ({
  test: 'combined',
  results: { whooley: { score: 2, level: 'positive' }, phq9: { score: 21, level: 'severe' }, gad7: { score: 6, level: 'mild' } },
  language,
});

describe('the built-in insights writer', () => {
  it('sums up DASS-21 results in English with every score, level and the not-a-diagnosis note', () => {
    const { summary, recommendations } = writeBuiltInInsights(dass21('en', { depression: [14, 'moderate'], anxiety: [8, 'mild'], stress: [20, 'moderate'] }));
    expect(summary).toBe(
      'Thank you for taking the time to check in with yourself. Your answers suggest you are under a fair amount of strain at the moment. ' +
        'Over the past week, your scores were depression 14 of 42 (Moderate), anxiety 8 of 42 (Mild), and stress 20 of 42 (Moderate). ' +
        'These results come from a self-screening and are not a diagnosis; a qualified professional can help you make sense of them.',
    );
    expect(recommendations).toEqual([
      expect.stringMatching(/^Talking with a psychologist or counsellor could help/),
      expect.stringMatching(/^Low mood often lifts/),
      expect.stringMatching(/^Regular sleep, meals/),
      'If you need someone to talk to, Talian HEAL (15555) offers free, confidential support from the Ministry of Health.',
    ]);
  });

  it('writes the same in Malay, with Malay level names and list words', () => {
    const { summary, recommendations } = writeBuiltInInsights(dass21('ms', { depression: [14, 'moderate'], anxiety: [8, 'mild'], stress: [20, 'moderate'] }));
    expect(summary).toContain('Sepanjang minggu lepas, skor anda ialah kemurungan 14 daripada 42 (Sederhana), kebimbangan 8 daripada 42 (Ringan) dan tekanan 20 daripada 42 (Sederhana).');
    expect(summary).toMatch(/^Terima kasih kerana meluangkan masa/);
    expect(summary).toMatch(/bukan satu diagnosis/);
    expect(recommendations).toHaveLength(4);
    expect(recommendations[0]).toMatch(/^Berbincang dengan ahli psikologi atau kaunselor/);
    expect(recommendations[3]).toBe(
      'Jika anda perlukan seseorang untuk berbual, Talian HEAL (15555) menawarkan sokongan percuma dan sulit daripada Kementerian Kesihatan.',
    );
    expect(`${summary} ${recommendations.join(' ')}`).not.toMatch(/\b(the|your|and|with)\b/);
  });

  it('tailors the next step to the plan tier and the coping idea to the dominant condition', () => {
    const anxious = writeBuiltInInsights(dass21('en', { anxiety: [20, 'extremelySevere'] }));
    expect(anxious.summary).toContain('you are going through a hard time right now');
    expect(anxious.recommendations[0]).toMatch(/^Please arrange to speak with a psychologist, counsellor or doctor in the next few days/);
    expect(anxious.recommendations[1]).toMatch(/^When worry builds up, pause and breathe slowly/);
    const stressed = writeBuiltInInsights(dass21('en', { stress: [16, 'mild'] }));
    expect(stressed.summary).toContain('some mild signs of strain');
    expect(stressed.recommendations[0]).toMatch(/^Keep doing what supports you/);
    expect(stressed.recommendations[1]).toMatch(/^Stress eases when the load is shared/);
  });

  it('offers no coping idea when every scale is in the normal range', () => {
    const { summary, recommendations } = writeBuiltInInsights(dass21('en'));
    expect(summary).toContain('within the normal range');
    expect(recommendations).toEqual([
      expect.stringMatching(/^Keep doing what supports you/),
      expect.stringMatching(/^Regular sleep/),
      expect.stringMatching(/Talian HEAL \(15555\)/),
    ]);
  });

  it('sums up Combined results with each questionnaire’s maximum, in both languages', () => {
    expect(writeBuiltInInsights(combined('en')).summary).toContain(
      'Your scores were Whooley 2 of 2 (Positive), PHQ-9 21 of 27 (Severe), and GAD-7 6 of 21 (Mild).',
    );
    expect(writeBuiltInInsights(combined('ms')).summary).toContain(
      'Skor anda ialah Whooley 2 daripada 2 (Positif), PHQ-9 21 daripada 27 (Teruk) dan GAD-7 6 daripada 21 (Ringan).',
    );
    expect(writeBuiltInInsights(combined('en')).recommendations[0]).toMatch(/^Please arrange to speak with a psychologist/);
  });
});
