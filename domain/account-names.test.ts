import { describe, expect, it } from 'vitest';
import { nameSkeleton, normaliseAccountName } from './account-names';

describe('an account name, normalised', () => {
  it('is one spelling for fullwidth letters, ligatures and any case', () => {
    for (const typed of ['ownerc', 'OWNERC', 'OwnerC', 'ｏｗｎｅｒｃ', 'ＯＷＮＥＲＣ']) expect(normaliseAccountName(typed)).toBe('ownerc');
    expect(normaliseAccountName('ﬁona')).toBe('fiona');
    expect(normaliseAccountName('Owner@Klinik.Example')).toBe('owner@klinik.example');
  });

  it('folds case fully, where lower-casing alone would not', () => {
    expect(normaliseAccountName('STRAẞE')).toBe('strasse');
    expect(normaliseAccountName('straße')).toBe('strasse');
    expect(normaliseAccountName('ΣΟΦΟΣ')).toBe(normaliseAccountName('σοφος'));
    expect(normaliseAccountName('\u212Aelvin')).toBe('kelvin');
  });

  it('keeps accents, so a differently accented name is another name', () => {
    expect(normaliseAccountName('ownerç')).toBe('ownerç');
    expect(normaliseAccountName('ÓWNERC')).toBe('ównerc');
    // Composed and decomposed accents are one spelling.
    expect(normaliseAccountName('owne\u0072\u0327')).toBe(normaliseAccountName('owneŗ'));
  });

  it('is the same when normalised again', () => {
    for (const typed of ['ｏｗｎｅｒｃ', 'STRAẞE', 'İstanbul', 'ǅemal', 'ﬃ', 'ΣΟΦΟΣ']) {
      const once = normaliseAccountName(typed);
      expect(normaliseAccountName(once)).toBe(once);
    }
  });
});

describe('the skeleton of a name', () => {
  it('is one for the look-alikes of the issue', () => {
    for (const lookAlike of ['ownerç', 'ÓWNERC', 'ｏｗｎｅｒｃ', 'оwnеrс' /* Cyrillic о, е, с */, 'οwnerc' /* Greek ο */]) {
      expect(nameSkeleton(lookAlike)).toBe(nameSkeleton('ownerc'));
    }
  });

  it('meets digits and letter pairs that pass for one another', () => {
    expect(nameSkeleton('klinik0')).toBe(nameSkeleton('kliniko'));
    expect(nameSkeleton('dr.1ee')).toBe(nameSkeleton('dr.lee'));
    expect(nameSkeleton('rnaya')).toBe(nameSkeleton('maya'));
    expect(nameSkeleton('vvani')).toBe(nameSkeleton('wani'));
    expect(nameSkeleton('clara')).toBe(nameSkeleton('dara'));
  });

  it('tells names apart that differ in more than looks', () => {
    expect(nameSkeleton('ownerc')).not.toBe(nameSkeleton('ownerd'));
    expect(nameSkeleton('owner.c')).not.toBe(nameSkeleton('owner-c'));
    expect(nameSkeleton('klinik-a')).not.toBe(nameSkeleton('klinik-b'));
  });
});
