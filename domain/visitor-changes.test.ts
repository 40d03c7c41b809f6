import { describe, expect, it } from 'vitest';
import { MAX_VISITOR_MOVES, mayMoveAgain } from './visitor-changes';

describe('a visitor’s moves', () => {
  it(`allows ${MAX_VISITOR_MOVES} moves of one booking and no more`, () => {
    expect(MAX_VISITOR_MOVES).toBe(3);
    expect([0, 1, 2, 3, 4].map(mayMoveAgain)).toEqual([true, true, true, false, false]);
  });
});
