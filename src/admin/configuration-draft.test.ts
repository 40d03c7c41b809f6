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

  it('sends a crisis contact with three blank fields as none, and any typed field as a contact for the server to check', () => {
    const blank = { ...configurationDraftOf(DEFAULT_CONFIGURATION), crisisContactName: ' ', crisisContactPhone: '', crisisContactWhatsApp: '  ' };
    expect(configurationUpdateOf(blank).crisisContact).toBeNull();
    const partial = { ...blank, crisisContactWhatsApp: '012-345 6789' };
    expect(configurationUpdateOf(partial).crisisContact).toEqual({ name: ' ', phone: '', whatsApp: '012-345 6789' });
    expect(configurationUpdateOf(partial)).not.toHaveProperty('crisisContactWhatsApp');
  });

  it('shows a saved crisis contact in the form, an absent number as an empty field', () => {
    const draft = configurationDraftOf({ ...DEFAULT_CONFIGURATION, crisisContact: { name: 'Klinik Setia', phone: null, whatsApp: '012-345 6789' } });
    expect(draft).toMatchObject({ crisisContactName: 'Klinik Setia', crisisContactPhone: '', crisisContactWhatsApp: '012-345 6789' });
  });

  it('holds only what the form edits, so no stored field (id, owner, uploaded logo) rides along into a save', () => {
    const update = configurationUpdateOf(configurationDraftOf({ ...DEFAULT_CONFIGURATION, userId: 'owner-1', uploadedLogoUrl: '/logo.png' }));
    for (const stored of ['id', 'userId', 'uploadedLogoUrl', 'companySlug']) expect(update).not.toHaveProperty(stored);
  });

  it('sends a blank age as NaN so the server answers with the range', () => {
    expect(configurationUpdateOf({ ...configurationDraftOf(DEFAULT_CONFIGURATION), minimumAge: '' }).minimumAge).toBeNaN();
  });
});
