import { describe, expect, it } from 'vitest';
import { isWebUrl } from './web-url';

describe('isWebUrl', () => {
  it('accepts absolute http and https addresses', () => {
    expect(isWebUrl('https://klinik.example/logo.png')).toBe(true);
    expect(isWebUrl('http://localhost:3000/logo.svg')).toBe(true);
  });

  it('accepts a path on this site', () => {
    expect(isWebUrl('/demo-logo.svg')).toBe(true);
  });

  it('refuses other schemes, relative words and protocol-relative paths', () => {
    for (const value of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'ftp://x.example/a', 'logo.png', '//evil.example/x', '/\\evil.example', '/a b']) {
      expect(isWebUrl(value), value).toBe(false);
    }
  });
});
