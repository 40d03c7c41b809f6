import { describe, expect, it } from 'vitest';
import { emailIdentity } from './email-identity';

describe('emailIdentity', () => {
  it('folds case, drops a +tag and ignores Gmail’s dots', () => {
    for (const spelling of ['Nur.Aisyah+spam@Gmail.com', 'nuraisyah@gmail.com', 'n.u.r.aisyah+1@googlemail.com', ' NURAISYAH@GMAIL.COM ']) {
      expect(emailIdentity(spelling), spelling).toBe('nuraisyah@gmail.com');
    }
  });

  it('keeps the dots of other providers, whose dotted spellings are different mailboxes', () => {
    expect(emailIdentity('Nur.Aisyah+clinic@Example.com')).toBe('nur.aisyah@example.com');
    expect(emailIdentity('nur.aisyah@example.com')).not.toBe(emailIdentity('nuraisyah@example.com'));
  });
});
