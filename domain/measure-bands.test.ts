import { describe, expect, it } from 'vitest';
import { dass21Level } from './dass21';
import { severityBands } from './measure-bands';

describe('severityBands', () => {
  it('covers the PHQ-9 from 0 to 27 in its published bands', () => {
    expect(severityBands('phq9')).toEqual([
      { level: 'minimal', from: 0, to: 5 },
      { level: 'mild', from: 5, to: 10 },
      { level: 'moderate', from: 10, to: 15 },
      { level: 'moderatelySevere', from: 15, to: 20 },
      { level: 'severe', from: 20, to: 27 },
    ]);
  });

  it('agrees with the level the screener gives each DASS-21 score', () => {
    for (const scale of ['depression', 'anxiety', 'stress'] as const) {
      for (let score = 0; score <= 42; score += 2) {
        const band = severityBands(scale).find((candidate) => score >= candidate.from && (score < candidate.to || candidate.to === 42));
        expect(band?.level, `${scale} ${score}`).toBe(dass21Level(scale, score));
      }
    }
  });
});
