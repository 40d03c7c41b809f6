import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { refusal } from '../testing/refusal';
import { messageOf } from './errors';

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
