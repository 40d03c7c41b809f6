import { describe, expect, it } from 'vitest';
import {
  clinicNameOf,
  bulletLines,
  consentSectionText,
  DEFAULT_CONFIGURATION,
  malayOr,
  parseScreenerIdentifier,
  screenerTextsIn,
  STOCK_CONSENT_TEXTS,
  withPlanApplied,
} from './configuration';

describe('parseScreenerIdentifier', () => {
  it('treats a UUID as a configuration id, whatever its letter case', () => {
    expect(parseScreenerIdentifier('6F1C2A8E-3B4D-4E5F-8A9B-0C1D2E3F4A5B')).toEqual({
      kind: 'id',
      id: '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
    });
  });

  it('reads a slug the same whatever its letter case, as both databases must', () => {
    expect(parseScreenerIdentifier(' Klinik-Minda ')).toEqual({ kind: 'slug', slug: 'klinik-minda' });
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
  it('matches the published defaults', () => {
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

describe('consentSectionText', () => {
  const stock = STOCK_CONSENT_TEXTS.importantSectionContent;

  it('translates a text that still equals the stock English wording', () => {
    expect(consentSectionText(stock, stock, 'Teks Melayu')).toBe('Teks Melayu');
    expect(consentSectionText(`  ${stock}\n`, stock, 'Teks Melayu')).toBe('Teks Melayu');
  });

  it("shows a custom text as written, without a leading 'Important: ' where asked", () => {
    expect(consentSectionText('Important: Call us first.', stock, 'x', { stripImportantPrefix: true })).toBe('Call us first.');
    expect(consentSectionText('important:   Call us first.', stock, 'x', { stripImportantPrefix: true })).toBe('Call us first.');
    expect(consentSectionText('Important: Call us first.', stock, 'x')).toBe('Important: Call us first.');
    expect(consentSectionText('Not so Important: really', stock, 'x', { stripImportantPrefix: true })).toBe('Not so Important: really');
  });
});

describe('bulletLines', () => {
  it('makes one bullet per non-blank line, trimmed', () => {
    expect(bulletLines(' First\n\n  Second  \r\nThird')).toEqual(['First', 'Second', 'Third']);
  });
});

describe('clinicNameOf', () => {
  it('is the company name, else the screener’s title', () => {
    expect(clinicNameOf({ companyName: 'Klinik Minda', appTitle: 'Wellbeing Check' })).toBe('Klinik Minda');
    expect(clinicNameOf({ companyName: null, appTitle: 'Wellbeing Check' })).toBe('Wellbeing Check');
  });
});

describe('the clinic’s Malay texts', () => {
  const screener = {
    ...DEFAULT_CONFIGURATION,
    appTitle: 'Wellbeing Check',
    appTitleMs: 'Semakan Kesejahteraan',
    appDescription: 'A short check.',
    appDescriptionMs: '   ',
    whatThisDoesContent: 'Line one',
    whatThisDoesContentMs: 'Baris satu',
  };

  it('shows the Malay text on the Malay screener and the English one where it is blank', () => {
    const malay = screenerTextsIn(screener, 'ms');
    expect(malay.appTitle).toBe('Semakan Kesejahteraan');
    expect(malay.appDescription).toBe('A short check.');
    expect(malay.whatThisDoesContent).toBe('Baris satu');
    expect(malay.privacySectionContent).toBe(DEFAULT_CONFIGURATION.privacySectionContent);
  });

  it('leaves the English screener as the clinic wrote it', () => {
    expect(screenerTextsIn(screener, 'en')).toEqual(screener);
  });

  it('falls back the same way for one text', () => {
    expect(malayOr('Clinical Psychologist', 'Psikologi Klinikal', 'ms')).toBe('Psikologi Klinikal');
    expect(malayOr('Clinical Psychologist', '', 'ms')).toBe('Clinical Psychologist');
    expect(malayOr('Clinical Psychologist', null, 'ms')).toBe('Clinical Psychologist');
    expect(malayOr('Clinical Psychologist', 'Psikologi Klinikal', 'en')).toBe('Clinical Psychologist');
  });
});

describe('withPlanApplied', () => {
  it('hides “Powered by Minda” only while the subscription is paid', () => {
    const hiding = { ...DEFAULT_CONFIGURATION, hidePoweredBy: true };
    for (const paid of ['active', 'trialing']) expect(withPlanApplied(hiding, paid).hidePoweredBy, paid).toBe(true);
    for (const lapsed of [undefined, 'incomplete', 'past_due', 'unpaid', 'paused', 'canceled', 'incomplete_expired']) {
      expect(withPlanApplied(hiding, lapsed).hidePoweredBy, lapsed).toBe(false);
    }
    expect(withPlanApplied(DEFAULT_CONFIGURATION, 'active').hidePoweredBy).toBe(false);
  });
});
