/** Writes domain/phone-metadata.my.json from the installed libphonenumber-js (domain/phone-metadata.ts says why). */
import { writeFileSync } from 'node:fs';
import full from 'libphonenumber-js/metadata.max.json';
import { malaysianMetadataOf } from '../domain/phone-metadata';

writeFileSync(new URL('../domain/phone-metadata.my.json', import.meta.url), `${JSON.stringify(malaysianMetadataOf(full))}\n`);
