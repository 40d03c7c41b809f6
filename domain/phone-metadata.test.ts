import full from 'libphonenumber-js/metadata.max.json';
import { describe, expect, it } from 'vitest';
import { malaysianMetadataOf } from './phone-metadata';
import MALAYSIA from './phone-metadata.my.json';

describe('the Malaysian phone metadata', () => {
  it('is the installed libphonenumber-js "max" metadata cut to Malaysia (after an upgrade: npx tsx scripts/phone-metadata.ts)', () => {
    expect(MALAYSIA).toEqual(malaysianMetadataOf(full));
  });
});
