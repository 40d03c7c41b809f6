import { describe, expect, it } from 'vitest';
import { loginReturningTo, returnPathOf } from './return-path';

describe('the page sign-in returns to', () => {
  it('is the page asked for when it is on this site', () => {
    expect(returnPathOf('/subscribe')).toBe('/subscribe');
    expect(returnPathOf('/admin-setup?tab=1#plan')).toBe('/admin-setup?tab=1#plan');
  });

  it('is admin setup when nothing was asked for', () => {
    expect(returnPathOf(null)).toBe('/admin-setup');
    expect(returnPathOf('')).toBe('/admin-setup');
  });

  it.each([
    'https://evil.example/subscribe',
    '//evil.example/subscribe',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'subscribe',
  ])('is never another site: %j', (next) => {
    expect(returnPathOf(next)).toBe('/admin-setup');
  });

  it('round-trips through the login link', () => {
    const next = new URL(loginReturningTo('/subscribe'), 'https://minda.test').searchParams.get('next');
    expect(returnPathOf(next)).toBe('/subscribe');
  });
});
