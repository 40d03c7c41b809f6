import type { MetadataJson } from 'libphonenumber-js/core';

/**
 * libphonenumber-js's "max" metadata (the set that tells mobiles from landlines) cut down to
 * Malaysia, the only country Minda's numbers may belong to: 1 KB instead of 145 KB in every
 * screen that checks a phone (the admin's crisis contact, the booking form). The cut is the
 * library's own format (`libphonenumber-js/core` takes any metadata); phone-metadata.my.json is
 * regenerated with `npx tsx scripts/phone-metadata.ts` after an upgrade, and a test holds it
 * to the installed package's.
 */
export function malaysianMetadataOf(full: MetadataJson): MetadataJson {
  return {
    ...full,
    country_calling_codes: { '60': ['MY'] },
    countries: { MY: full.countries.MY! },
    nonGeographic: {},
  } as MetadataJson;
}
