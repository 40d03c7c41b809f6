/**
 * The company slug of a screener URL (/screener/{slug}): derived from the company name,
 * URL-safe, unique across operators. Pure, so the admin screen can preview it.
 */
export const MAX_SLUG_LENGTH = 60;

/**
 * The first path segments the app answers itself (src/App.tsx, the server's /api, /trpc and
 * /healthz, Vite's /assets) and the built-in screener. A company called "Admin" is treated as
 * if the slug were already taken: it gets "admin-2", which shadows nothing.
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
  'register',
  'logout',
  'subscribe',
  'forgot-password',
  'reset-password',
  'appointments',
  'measure',
  'booking-payment',
  'healthz',
  'readyz',
  'metrics',
  'invitation',
  'verify-email',
  'assets',
  'static',
  'www',
]);

/**
 * Names a visitor in distress must be able to trust: the crisis lines the screener links to
 * (domain/crisis.ts), Malaysia's public hospitals ("Hospital Kuala Lumpur", "Hospital Permai":
 * the public ones are all named "Hospital <place>"), the health ministry's clinics and
 * community mental-health centres (MENTARI), and MERCY Malaysia's psychosocial support. No
 * operator may take one, with or without a suffix: "befrienders-2" misleads as much as
 * "befrienders" (docs/decisions/0005).
 */
export const PROTECTED_NAMES: readonly string[] = [
  'emergency',
  'kecemasan',
  '999',
  'talian-heal',
  'talian-kasih',
  'befrienders',
  'samaritans',
  'mercy',
  'hospital',
  'hkl',
  'klinik-kesihatan',
  'kementerian-kesihatan',
  'kkm',
  'mentari',
];

/**
 * How many earlier slugs of one configuration keep redirecting. Every rename used to keep its
 * old slug forever, so one account could hold any number of names; the oldest beyond these
 * are released (docs/decisions/0005).
 */
export const MAX_SLUG_REDIRECTS = 5;

/** Whether the slug is a protected name, or one followed by more words ('befrienders-kl'). */
export function isProtectedSlug(slug: string): boolean {
  return PROTECTED_NAMES.some((name) => slug === name || slug.startsWith(`${name}-`));
}

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
