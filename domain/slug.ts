/**
 * The company slug of a screener URL (/screener/{slug}): derived from the company name,
 * URL-safe, unique across operators. Pure, so the admin screen can preview it.
 */
export const MAX_SLUG_LENGTH = 60;

/**
 * Slugs that would shadow a route or a built-in screener, or confuse a reader of the URL.
 * A company called "Admin" is treated as if the slug were already taken: it gets "admin-2".
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'default',
  'admin',
  'admin-setup',
  'api',
  'ms',
  'en',
  'trpc',
  'screener',
  'login',
  'signup',
  'logout',
  'subscribe',
  'forgot-password',
  'reset-password',
  'healthz',
  'assets',
  'static',
  'www',
]);

// Letters that Unicode normalisation does not split into a base letter and an accent.
const LETTER_FOLDS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i' };

function truncate(slug: string, length: number): string {
  return slug.slice(0, length).replace(/-+$/, '');
}

/**
 * 'Klinik Minda Sejahtera Sdn. Bhd.' → 'klinik-minda-sejahtera-sdn-bhd'. Accents are folded
 * to ASCII, apostrophes dropped ("Dr. Lee's" → 'dr-lees'), every other run of non-alphanumerics
 * becomes one hyphen. null when nothing URL-safe is left (a name in Chinese or Tamil script):
 * the screener URL then uses the configuration id.
 */
export function slugify(companyName: string): string | null {
  const ascii = companyName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{Mark}/gu, '')
    .replace(/[ßæœøđðłþı]/g, (letter) => LETTER_FOLDS[letter] ?? letter)
    .replace(/['’`]/g, '');
  const slug = truncate(ascii.replace(/[^a-z0-9]+/g, '-').replace(/^-+/, ''), MAX_SLUG_LENGTH);
  return slug === '' ? null : slug;
}

/** The base with a numeric suffix, shortened so the whole stays within the length limit. */
export function withSuffix(base: string, n: number): string {
  const suffix = `-${n}`;
  return `${truncate(base, MAX_SLUG_LENGTH - suffix.length)}${suffix}`;
}

/** The base itself when free, else base-2, base-3 …: the first slug neither taken nor reserved. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  const free = (slug: string) => !taken.has(slug) && !RESERVED_SLUGS.has(slug);
  if (free(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = withSuffix(base, n);
    if (free(candidate)) return candidate;
  }
}
