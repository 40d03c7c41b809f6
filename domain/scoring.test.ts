import { describe, expect, it } from 'vitest';
import { levelForScore, sumScores, type Answers, type Bands } from './scoring';

describe('sumScores', () => {
  it('adds only the listed items', () => {
    const answers: Answers<1 | 2 | 3> = { 1: 3, 2: 2, 3: 1 };
    expect(sumScores(answers, [1, 3])).toBe(4);
  });

  it('counts unanswered items as 0', () => {
    const answers: Answers<1 | 2 | 3> = { 1: 2 };
    expect(sumScores(answers, [1, 2, 3])).toBe(2);
  });
});

describe('levelForScore', () => {
  const bands: Bands<'low' | 'mid' | 'high'> = {
    below: 'low',
    from: [
      [5, 'mid'],
      [10, 'high'],
    ],
  };

  it('uses the bottom level below the first cut-off', () => {
    expect(levelForScore(4, bands)).toBe('low');
  });

  it('treats each cut-off as the inclusive start of its band', () => {
    expect(levelForScore(5, bands)).toBe('mid');
    expect(levelForScore(9, bands)).toBe('mid');
    expect(levelForScore(10, bands)).toBe('high');
  });
});
