import { describe, expect, it } from 'vitest';
import { DASS21_QUESTIONS, type Dass21Question } from './dass21';
import { GENERIC_FOLLOW_UP_IDS, SPECIFIC_FOLLOW_UP_IDS, followUpsFor } from './dass21-follow-ups';

function question(id: number): Dass21Question {
  const found = DASS21_QUESTIONS.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no DASS-21 question ${id}`);
  return found;
}

describe('DASS-21 follow-ups', () => {
  it('has 20 specific and 3 generic follow-ups, all with distinct ids', () => {
    expect(SPECIFIC_FOLLOW_UP_IDS).toHaveLength(20);
    expect(GENERIC_FOLLOW_UP_IDS).toEqual(['depression-generic', 'anxiety-generic', 'stress-generic']);
    expect(new Set([...SPECIFIC_FOLLOW_UP_IDS, ...GENERIC_FOLLOW_UP_IDS]).size).toBe(23);
  });

  it('asks the specific follow-ups of a question in order', () => {
    expect(followUpsFor(question(3))).toEqual(['q3-1', 'q3-2']);
    expect(followUpsFor(question(21))).toEqual(['q21-1', 'q21-2']);
  });

  it("falls back to the category's generic follow-up", () => {
    expect(followUpsFor(question(5))).toEqual(['depression-generic']);
    expect(followUpsFor(question(2))).toEqual(['anxiety-generic']);
    expect(followUpsFor(question(8))).toEqual(['stress-generic']);
  });

  it('hands out every specific follow-up to the question its id names', () => {
    const asked = DASS21_QUESTIONS.flatMap((item) =>
      followUpsFor(item).filter((id) => id.startsWith(`q${item.id}-`)),
    );
    expect(asked).toEqual(expect.arrayContaining([...SPECIFIC_FOLLOW_UP_IDS]));
    expect(asked).toHaveLength(20);
  });
});
