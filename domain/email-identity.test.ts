import { describe, expect, it } from 'vitest';
import { emailIdentity } from './email-identity';

describe('emailIdentity', () => {
  it.each([
    ['Siti@Example.COM', 'siti@example.com'],
    ['siti+clinic@example.com', 'siti@example.com'],
    ['siti+a+b@example.com', 'siti@example.com'],
    ['  siti@example.com ', 'siti@example.com'],
    ['siti@example.com.', 'siti@example.com'],
    ['ｓｉｔｉ@example.com', 'siti@example.com'],
    ['Siti.Aminah+booking@gmail.com', 'sitiaminah@gmail.com'],
    ['s.i.t.i.aminah@GoogleMail.com', 'sitiaminah@gmail.com'],
  ])('counts %s as %s', (email, identity) => {
    expect(emailIdentity(email)).toBe(identity);
  });

  it('keeps the dots where the provider does not ignore them', () => {
    expect(emailIdentity('siti.aminah@example.com')).not.toBe(emailIdentity('sitiaminah@example.com'));
  });

  it('keeps different mailboxes apart', () => {
    expect(emailIdentity('siti@gmail.com')).not.toBe(emailIdentity('siti@example.com'));
    expect(emailIdentity('siti@gmail.com')).not.toBe(emailIdentity('aminah@gmail.com'));
  });
});
