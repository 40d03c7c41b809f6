import { describe, expect, it } from 'vitest';
import { refusal } from '../testing/refusal';
import { fieldErrorsOf, formErrorsOf } from './form-errors';

const slotForm = { fields: ['startTime', 'endTime'], formFields: { startUtc: 'startTime', endUtc: 'endTime' } };

describe('a form’s errors', () => {
  it('puts a problem of the input’s endUtc under the form’s End time, once, and says nothing more', () => {
    const error = refusal('Please check the highlighted fields.', 'BAD_REQUEST', { endUtc: ['must be after the start time', 'a second problem'] });
    expect(fieldErrorsOf(error, slotForm.formFields)).toEqual({ endTime: 'must be after the start time' });
    expect(formErrorsOf(error, 'Failed to update slot...', slotForm)).toEqual({ fields: { endTime: 'must be after the start time' } });
  });

  it('says a problem of a field the form does not have as a sentence, without the field’s name', () => {
    const error = refusal('Please check the highlighted fields.', 'BAD_REQUEST', { slotId: ['is not a slot'], endUtc: ['too long'] });
    const shown = formErrorsOf(error, 'Failed to update slot...', slotForm);
    expect(shown).toEqual({ fields: { endTime: 'too long' }, message: 'is not a slot' });
    expect(JSON.stringify(shown)).not.toContain('slotId');
  });

  it('says a refusal without fields in the server’s words, or the fallback', () => {
    expect(formErrorsOf(refusal('The slot overlaps another.', 'CONFLICT'), 'Failed', slotForm)).toEqual({ fields: {}, message: 'The slot overlaps another.' });
    expect(formErrorsOf(new Error('network'), 'Failed', slotForm)).toEqual({ fields: {}, message: 'Failed' });
    expect(formErrorsOf(null, 'Failed', slotForm)).toEqual({ fields: {} });
  });
});
