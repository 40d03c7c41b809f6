import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, describeError, NotFoundError } from './errors';
import { fieldMessage } from './field-messages';

describe('describeError', () => {
  it('writes a localisable message in the language asked for, and logs it in English', () => {
    const error = new NotFoundError('psychologist');
    expect(describeError(error, 'ms')).toEqual({ code: 'NOT_FOUND', body: { error: 'Ahli psikologi tidak ditemui' } });
    expect(describeError(error, 'en').body.error).toBe('Psychologist not found');
    expect(error.message).toBe('Psychologist not found');
  });

  it('sends a plain string as it is', () => {
    expect(describeError(new AppError('CONFLICT', 'Already there'), 'ms')).toEqual({ code: 'CONFLICT', body: { error: 'Already there' } });
  });

  it('finds the domain error inside the TRPCError a procedure threw', () => {
    const wrapped = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: new AppError('TOO_MANY_REQUESTS', (t) => t.errors.tooManyAttempts()) });
    expect(describeError(wrapped, 'ms')).toEqual({
      code: 'TOO_MANY_REQUESTS',
      body: { error: 'Terlalu banyak percubaan. Sila tunggu beberapa minit dan cuba lagi.' },
    });
  });

  it('answers invalid input with the problems of its fields, and a broken output with a 500', () => {
    const invalid = z.object({ clientEmail: z.email({ error: fieldMessage('email') }) }).safeParse({ clientEmail: 'x' }).error!;
    expect(describeError(new TRPCError({ code: 'BAD_REQUEST', cause: invalid }), 'ms')).toEqual({
      code: 'BAD_REQUEST',
      body: { error: 'Sila semak ruangan yang ditandakan.', fields: { clientEmail: ['mestilah alamat e-mel yang sah'] } },
    });
    expect(describeError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: invalid }), 'en').code).toBe('INTERNAL');
  });

  it('says no more than a readable sentence about anything else', () => {
    expect(describeError(new Error('secret detail'), 'ms')).toEqual({ code: 'INTERNAL', body: { error: 'Berlaku masalah di pihak kami. Sila cuba lagi.' } });
    const deadlock = Object.assign(new Error('Deadlock found when trying to get lock'), { errno: 1213 });
    expect(describeError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: deadlock }), 'en')).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      body: { error: 'The service is busy right now. Please try again in a moment.' },
    });
  });
});
