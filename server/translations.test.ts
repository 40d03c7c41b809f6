import { describe, expect, it } from 'vitest';
import { translationsFor } from './translations';

describe('translationsFor', () => {
  it('answers the one translator of each locale, built once, not one per call', () => {
    expect(translationsFor('en')).toBe(translationsFor('en'));
    expect(translationsFor('ms')).toBe(translationsFor('ms'));
    expect(translationsFor('en').appName()).not.toBe('');
    expect(translationsFor('ms')).not.toBe(translationsFor('en'));
  });
});
