import { describe, expect, it } from 'vitest';
import { inputLocale, requestLocale } from './request-locale';

describe('requestLocale', () => {
  it('reads the client header first', () => {
    expect(requestLocale({ 'x-minda-locale': 'ms', 'accept-language': 'en' })).toBe('ms');
  });

  it('falls back to the first language we speak in Accept-Language, by quality', () => {
    expect(requestLocale({ 'accept-language': 'ms-MY,ms;q=0.9,en;q=0.8' })).toBe('ms');
    expect(requestLocale({ 'accept-language': 'fr-FR, en;q=0.5, ms;q=0.7' })).toBe('ms');
    expect(requestLocale({ 'accept-language': 'zh-CN, en-GB;q=0.8' })).toBe('en');
    expect(requestLocale({ 'accept-language': 'ms;q=0' })).toBe('en');
  });

  it('is English without a hint, or with a language we do not speak', () => {
    expect(requestLocale({})).toBe('en');
    expect(requestLocale({ 'x-minda-locale': 'fr' })).toBe('en');
  });

  it("takes a booking's clientLanguage when it is one of ours", () => {
    expect(inputLocale({ clientLanguage: 'ms' })).toBe('ms');
    expect(inputLocale({ clientLanguage: 'fr' })).toBeUndefined();
    expect(inputLocale(undefined)).toBeUndefined();
  });
});
