import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MALAYSIAN_CRISIS_RESOURCES } from './crisis';
import { firstFreeSlug, isProtectedSlug, MAX_SLUG_LENGTH, RESERVED_SLUGS, slugify, withSuffix } from './slug';

describe('slugify', () => {
  it('lower-cases and joins words with single hyphens', () => {
    expect(slugify('Klinik Minda Sejahtera')).toBe('klinik-minda-sejahtera');
    expect(slugify('  Pusat  Kaunseling -- KL  ')).toBe('pusat-kaunseling-kl');
  });

  it('turns punctuation into hyphens and trims them from both ends', () => {
    expect(slugify('Klinik Minda Sdn. Bhd.')).toBe('klinik-minda-sdn-bhd');
    expect(slugify('(Minda & Jiwa) @ Bangsar!')).toBe('minda-jiwa-bangsar');
  });

  it('drops apostrophes rather than splitting the word', () => {
    expect(slugify("Dr. Lee's Clinic")).toBe('dr-lees-clinic');
    expect(slugify('Mak Cik’s Place')).toBe('mak-ciks-place');
  });

  it('folds accented and special Latin letters to ASCII', () => {
    expect(slugify('Café Psikologi Émilie')).toBe('cafe-psikologi-emilie');
    expect(slugify('Straße Øst Łódź')).toBe('strasse-ost-lodz');
    expect(slugify('Klinik Çınar')).toBe('klinik-cinar');
  });

  it('keeps digits', () => {
    expect(slugify('Klinik 24 Jam 2')).toBe('klinik-24-jam-2');
  });

  it('gives no slug when nothing URL-safe is left', () => {
    expect(slugify('心理诊所')).toBeNull();
    expect(slugify('  --- !!! ')).toBeNull();
  });

  it('keeps at most 60 characters and never ends on a hyphen', () => {
    const slug = slugify(`${'a'.repeat(59)} bcd`)!;
    expect(slug).toBe('a'.repeat(59));
    expect(slugify('word '.repeat(30))!.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slugify('word '.repeat(30))).not.toMatch(/-$/);
  });
});

describe('withSuffix', () => {
  it('appends the number, shortening the base to stay within the limit', () => {
    expect(withSuffix('klinik-minda', 2)).toBe('klinik-minda-2');
    const long = withSuffix('a'.repeat(60), 12);
    expect(long).toBe(`${'a'.repeat(57)}-12`);
    expect(withSuffix(`${'a'.repeat(57)}-bcd`, 3)).toBe(`${'a'.repeat(57)}-3`);
  });
});

describe('firstFreeSlug', () => {
  it('takes the base when it is free', () => {
    expect(firstFreeSlug('klinik-minda', new Set(['other']))).toBe('klinik-minda');
  });

  it('adds the first free numeric suffix on a collision', () => {
    expect(firstFreeSlug('klinik-minda', new Set(['klinik-minda']))).toBe('klinik-minda-2');
    expect(firstFreeSlug('klinik-minda', new Set(['klinik-minda', 'klinik-minda-2', 'klinik-minda-3']))).toBe('klinik-minda-4');
    expect(firstFreeSlug('klinik-minda', new Set(['klinik-minda', 'klinik-minda-3']))).toBe('klinik-minda-2');
  });

  it('treats reserved words as taken', () => {
    expect(firstFreeSlug('default', new Set())).toBe('default-2');
    expect(firstFreeSlug('admin', new Set())).toBe('admin-2');
    expect(firstFreeSlug('api', new Set(['api-2']))).toBe('api-3');
    expect(firstFreeSlug('ms', new Set())).toBe('ms-2');
  });
});

describe('RESERVED_SLUGS', () => {
  it('holds every first path segment of the client’s and the server’s routes', () => {
    const routes = [...readFileSync(new URL('../src/App.tsx', import.meta.url), 'utf8').matchAll(/path="\/([^/"*]+)/g)].map((match) => match[1]!);
    expect(routes.length).toBeGreaterThan(5);
    for (const segment of [...routes, 'api', 'trpc', 'healthz', 'readyz', 'metrics', 'assets', 'default']) {
      expect(RESERVED_SLUGS, segment).toContain(segment);
    }
  });
});

describe('isProtectedSlug', () => {
  it('refuses the name of every crisis line the screener links to, alone or with more words', () => {
    const kebab = (id: string) => id.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    for (const { id } of MALAYSIAN_CRISIS_RESOURCES) {
      expect(isProtectedSlug(kebab(id)), id).toBe(true);
      expect(isProtectedSlug(`${kebab(id)}-kl`), id).toBe(true);
      expect(isProtectedSlug(withSuffix(kebab(id), 2)), id).toBe(true);
    }
    expect(isProtectedSlug(slugify('Befrienders Kuala Lumpur')!)).toBe(true);
    expect(isProtectedSlug(slugify('MERCY Malaysia')!)).toBe(true);
  });

  it('refuses public hospitals and the health ministry’s clinics and centres', () => {
    for (const name of ['Hospital Kuala Lumpur', 'Hospital Permai', 'Hospital Bahagia Ulu Kinta', 'HKL', 'Klinik Kesihatan Kuala Lumpur', 'MENTARI Cheras', 'KKM']) {
      expect(isProtectedSlug(slugify(name)!), name).toBe(true);
    }
  });

  it('lets names that merely contain such a word through', () => {
    for (const name of ['Klinik Minda', 'Pusat Kaunseling Hospitality', 'Mercyful Minds', 'Talian Minda', 'Heal Together', 'Pusat Mentarix']) {
      expect(isProtectedSlug(slugify(name)!), name).toBe(false);
    }
  });
});
