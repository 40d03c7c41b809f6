import { describe, expect, it } from 'vitest';
import { AUTO_ADVANCE_MS, initialScreeningSession, screeningStage } from './screening-session';

describe('screening session', () => {
  it('auto-advances after 300 ms', () => {
    expect(AUTO_ADVANCE_MS).toBe(300);
  });

  it('goes from consent to questions to results', () => {
    expect(screeningStage(initialScreeningSession)).toBe('consent');
    expect(screeningStage({ ...initialScreeningSession, consentGiven: true })).toBe('questions');
    expect(screeningStage({ ...initialScreeningSession, consentGiven: true, isComplete: true })).toBe('results');
  });
});
