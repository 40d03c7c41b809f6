import { describe, expect, it } from 'vitest';
import type { Psychologist } from '../../domain/psychologist';
import { canSavePsychologist, NEW_PSYCHOLOGIST_DRAFT, psychologistDraftOf, psychologistFieldsOf } from './psychologist-draft';

const aisyah: Psychologist = {
  id: 'p1',
  name: 'Dr. Aisyah Rahman',
  jobTitle: 'Clinical Psychologist',
  description: 'Adults with anxiety.',
  jobTitleMs: 'Psikologi Klinikal',
  descriptionMs: '',
  email: 'aisyah@klinik.example',
  imageUrl: null,
  pricePerHour: '150.00',
  slotDurationMinutes: 45,
  bufferMinutes: 15,
  minimumAdvanceHours: 24,
  cancellationNoticeHours: 48,
  timezone: 'Asia/Singapore',
  sessionPlace: null,
};

describe('the psychologist dialog', () => {
  it('starts a new psychologist with the product’s defaults', () => {
    // Written out, as the server's test writes them: each side is held to the product's values, not to the shared constant.
    expect(psychologistFieldsOf({ ...NEW_PSYCHOLOGIST_DRAFT, name: 'A', jobTitle: 'B', description: 'C' })).toMatchObject({
      imageUrl: null,
      pricePerHour: null,
      slotDurationMinutes: 60,
      bufferMinutes: 0,
      minimumAdvanceHours: 2,
      cancellationNoticeHours: 24,
      timezone: 'Asia/Kuala_Lumpur',
    });
  });

  it('pre-fills an edit and sends the same values back', () => {
    const fields = psychologistFieldsOf(psychologistDraftOf(aisyah));
    const { id: _id, ...rest } = aisyah;
    expect(fields).toEqual({ ...rest, pricePerHour: 150 });
  });

  it('can save only with a name, a job title and a description', () => {
    const draft = psychologistDraftOf(aisyah);
    expect(canSavePsychologist(draft)).toBe(true);
    expect(canSavePsychologist({ ...draft, name: '  ' })).toBe(false);
    expect(canSavePsychologist({ ...draft, jobTitle: '' })).toBe(false);
    expect(canSavePsychologist({ ...draft, description: '' })).toBe(false);
    expect(canSavePsychologist({ ...draft, email: '' })).toBe(true);
  });

  it('sends a blank number as NaN so the server names the field', () => {
    expect(psychologistFieldsOf({ ...psychologistDraftOf(aisyah), bufferMinutes: '' }).bufferMinutes).toBeNaN();
  });
});
