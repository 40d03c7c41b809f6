import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIGURATION } from '../../domain/configuration';
import { configurationDraftOf, configurationUpdateOf } from './configuration-draft';

describe('the configuration form', () => {
  it('sends an empty company name and logo URL as null', () => {
    const draft = { ...configurationDraftOf(DEFAULT_CONFIGURATION), companyName: '  ', logoUrl: '' };
    expect(configurationUpdateOf(draft)).toMatchObject({ companyName: null, logoUrl: null, minimumAge: 16 });
  });

  it('sends what the operator typed', () => {
    const draft = { ...configurationDraftOf(DEFAULT_CONFIGURATION), companyName: 'Klinik Setia', minimumAge: '18', enableMalayTranslation: true };
    expect(configurationUpdateOf(draft)).toMatchObject({ companyName: 'Klinik Setia', minimumAge: 18, enableMalayTranslation: true });
  });

  it('sends a blank age as NaN so the server answers with the range', () => {
    expect(configurationUpdateOf({ ...configurationDraftOf(DEFAULT_CONFIGURATION), minimumAge: '' }).minimumAge).toBeNaN();
  });
});
