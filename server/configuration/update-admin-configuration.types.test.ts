import { describe, expect, it } from 'vitest';
import { fieldMessage } from '../field-messages';
import { ZClinicCrisisContact, ZUpdateConfigurationRequest } from './update-admin-configuration.types';

/** The problems of a refused contact, keyed by dotted path, as the edge reports them. */
function problemsOf(input: unknown): Record<string, string> {
  const parsed = ZClinicCrisisContact.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the clinic’s crisis contact', () => {
  it('keeps a name and the numbers as the clinic wrote them, trimmed; a blank number is none', () => {
    expect(ZClinicCrisisContact.parse({ name: '  Klinik Setia  ', phone: ' (03) 2345 6789 ', whatsApp: '' })).toEqual({
      name: 'Klinik Setia',
      phone: '(03) 2345 6789',
      whatsApp: null,
    });
    expect(ZClinicCrisisContact.parse({ name: 'Klinik Setia', whatsApp: '+60 12-345 6789' })).toEqual({
      name: 'Klinik Setia',
      phone: null,
      whatsApp: '+60 12-345 6789',
    });
  });

  it('refuses a number that is not Malaysian, under the field that holds it', () => {
    expect(problemsOf({ name: 'Klinik Setia', phone: '+65 9123 4567', whatsApp: null })).toEqual({ phone: fieldMessage('phone') });
    expect(problemsOf({ name: 'Klinik Setia', phone: '03-2345 6789', whatsApp: '12345' })).toEqual({ whatsApp: fieldMessage('phone') });
    expect(problemsOf({ name: 'Klinik Setia', phone: `03-2345 6789${' '.repeat(30)}9` })).toMatchObject({ phone: expect.any(String) });
  });

  it('needs at least one number, and says so under the phone field', () => {
    expect(problemsOf({ name: 'Klinik Setia', phone: '  ', whatsApp: null })).toEqual({ phone: fieldMessage('crisisContactNumber') });
  });

  it('needs a name, and refuses one that claims a national crisis line or a public hospital', () => {
    expect(problemsOf({ name: '   ', phone: '03-2345 6789' })).toEqual({ name: fieldMessage('required') });
    for (const name of ['Talian HEAL', 'Befrienders KL', 'Hospital Kuala Lumpur', 'Emergency']) {
      expect(problemsOf({ name, phone: '03-2345 6789' }), name).toEqual({ name: fieldMessage('protectedCrisisName') });
    }
    expect(problemsOf({ name: 'Klinik Setia duty psychologist', phone: '03-2345 6789' })).toEqual({});
  });

  it('is optional in a configuration: missing keeps the saved one, null removes it', () => {
    const form = {
      testType: 'DASS-21',
      appTitle: 'Check',
      appDescription: '',
      logoUrl: null,
      companyName: null,
      minimumAge: 16,
      importantSectionContent: '',
      whatThisDoesContent: '',
      privacySectionContent: '',
      enableMalayTranslation: false,
    };
    expect(ZUpdateConfigurationRequest.parse(form).crisisContact).toBeUndefined();
    expect(ZUpdateConfigurationRequest.parse({ ...form, crisisContact: null }).crisisContact).toBeNull();
    const refused = ZUpdateConfigurationRequest.safeParse({ ...form, crisisContact: '03-2345 6789' });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['crisisContact', fieldMessage('crisisContact')],
    ]);
  });
});
