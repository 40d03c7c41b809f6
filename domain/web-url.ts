export const MAX_WEB_URL_LENGTH = 2048;

/**
 * Whether a logo or photo address may be shown: an absolute http(s) URL, or a path on this
 * site such as the demo's '/demo-logo.svg'. A path opening with '//' or '/\' is refused, as a
 * browser would read it as another host.
 */
export function isWebUrl(value: string): boolean {
  if (value.startsWith('/')) return !/^\/[/\\]/.test(value) && !/\s/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}
