import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, formErrorsOf, messageOf } from './errors';

const HTTP_STATUS = { BAD_REQUEST: 400, CONFLICT: 409, INTERNAL_SERVER_ERROR: 500 } as const;

/** A refusal as the client receives it from the server's error formatter. */
function refusal(message: string, code: keyof typeof HTTP_STATUS, fields?: Record<string, string[]>) {
  return TRPCClientError.from({ error: { message, code: -32600, data: { code, httpStatus: HTTP_STATUS[code], fields } } });
}

const FALLBACK = 'Failed to book appointment. Please try again.';

describe('the sentence a screen shows for a failed call', () => {
  it('is the server’s own sentence for a refusal', () => {
    const taken = 'Sorry, that time slot has just been booked. Please choose another time.';
    expect(messageOf(refusal(taken, 'CONFLICT'), FALLBACK)).toBe(taken);
  });

  it('is the screen’s fallback when the server failed or never answered', () => {
    expect(messageOf(refusal('Something went wrong on our side.', 'INTERNAL_SERVER_ERROR'), FALLBACK)).toBe(FALLBACK);
    expect(messageOf(TRPCClientError.from(new TypeError('Failed to fetch')), FALLBACK)).toBe(FALLBACK);
    expect(messageOf(new Error('anything else'), FALLBACK)).toBe(FALLBACK);
  });
});

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
