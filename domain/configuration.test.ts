import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIGURATION, parseScreenerIdentifier } from './configuration';

describe('parseScreenerIdentifier', () => {
  it('treats a UUID as a configuration id, whatever its letter case', () => {
    expect(parseScreenerIdentifier('6F1C2A8E-3B4D-4E5F-8A9B-0C1D2E3F4A5B')).toEqual({
      kind: 'id',
      id: '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
    });
  });

  it('treats anything else as a company slug', () => {
    expect(parseScreenerIdentifier('klinik-minda')).toEqual({ kind: 'slug', slug: 'klinik-minda' });
    expect(parseScreenerIdentifier('default')).toEqual({ kind: 'slug', slug: 'default' });
    // One character short of a UUID is a slug, not a malformed id.
    expect(parseScreenerIdentifier('6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5')).toMatchObject({
      kind: 'slug',
    });
  });
});

describe('DEFAULT_CONFIGURATION', () => {
  it('matches the defaults SPEC section 3 names', () => {
    expect(DEFAULT_CONFIGURATION).toMatchObject({
      id: 'default',
      testType: 'DASS-21',
      appTitle: 'DASS-21 Wellbeing Screener',
      appDescription: 'A supportive tool to help you reflect on your wellbeing',
      minimumAge: 16,
      enableMalayTranslation: false,
      logoUrl: null,
    });
  });
});
