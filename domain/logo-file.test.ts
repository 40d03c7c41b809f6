import { describe, expect, it } from 'vitest';
import { logoTypeOf } from './logo-file';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'utf8')] : part)));

describe('logoTypeOf reads the real type from the first bytes', () => {
  it('knows PNG, JPEG and WebP by their signatures', () => {
    expect(logoTypeOf(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBe('image/png');
    expect(logoTypeOf(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16]))).toBe('image/jpeg');
    expect(logoTypeOf(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('knows SVG as text whose first element is <svg>, after a declaration, comment or doctype', () => {
    expect(logoTypeOf(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('image/svg+xml');
    expect(logoTypeOf(bytes('\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg>\n<svg viewBox="0 0 1 1"></svg>'))).toBe('image/svg+xml');
  });

  it('refuses anything else, whatever its name would say', () => {
    expect(logoTypeOf(bytes('GIF89a'))).toBeNull();
    expect(logoTypeOf(bytes('%PDF-1.7'))).toBeNull();
    expect(logoTypeOf(bytes('<html><svg></svg></html>'))).toBeNull();
    expect(logoTypeOf(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeNull();
    expect(logoTypeOf(bytes([0xff, 0xfe, 0x3c, 0x00, 0x73, 0x00]))).toBeNull();
    expect(logoTypeOf(new Uint8Array())).toBeNull();
  });
});
