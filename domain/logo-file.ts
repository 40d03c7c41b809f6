/**
 * What an uploaded logo really is, read from its first bytes rather than its name or the
 * Content-Type the browser sent (docs/decisions/0051): PNG, JPEG and WebP by their signatures,
 * SVG by being text whose first element is <svg>. Anything else is no logo.
 */
export const MAX_LOGO_BYTES = 512 * 1024;

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/**
 * An SVG file's text: an optional byte-order mark, XML declaration, comments and doctype, then
 * the <svg> element. Decoded strictly: bytes that are not UTF-8 are no SVG.
 */
function isSvgText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  const prologue = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)\s*)*/i;
  const rest = text.replace(prologue, '');
  return /^<svg[\s>/]/i.test(rest);
}

export function logoTypeOf(bytes: Uint8Array): LogoType | null {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (isSvgText(bytes)) return 'image/svg+xml';
  return null;
}
