import { z } from 'zod';
import { isVideoLink, SESSION_MODES, SESSION_PLACE_LIMITS } from '../../domain/session-place';
import { ZOptionalMalaysianPhone } from '../configuration/update-admin-configuration.types';
import { fieldMessage } from '../field-messages';
import { emailAddress, nullableText, oneOf } from '../zod-fields';

/** An https meeting link; blank, null or missing mean none. */
export const ZVideoLinkOrNull = z
  .string({ error: fieldMessage('videoLink') })
  .trim()
  .max(SESSION_PLACE_LIMITS.videoUrl, fieldMessage('atMostCharacters', { max: SESSION_PLACE_LIMITS.videoUrl }))
  .refine((value) => value === '' || isVideoLink(value), fieldMessage('videoLink'))
  .nullish()
  .transform((value) => value || null);

/**
 * How sessions happen, as the clinic or a psychologist saves it: an address needs one; online
 * takes the clinic's one link or none (staff give each appointment its own). The other mode's
 * field is dropped, so a form may send back what it loaded.
 */
export const ZSessionPlaceSetting = z
  .object({
    mode: z.enum(SESSION_MODES, { error: oneOf(SESSION_MODES) }),
    address: nullableText(SESSION_PLACE_LIMITS.address, 'several lines'),
    videoUrl: ZVideoLinkOrNull,
  })
  .refine((place) => place.mode !== 'address' || place.address !== null, { path: ['address'], message: fieldMessage('sessionAddress') })
  .transform((place) => ({
    mode: place.mode,
    address: place.mode === 'address' ? place.address : null,
    videoUrl: place.mode === 'online' ? place.videoUrl : null,
  }))
  // What the transform leaves, said as a schema, so the OpenAPI document can describe the answer.
  .pipe(z.object({ mode: z.enum(SESSION_MODES), address: z.string().nullable(), videoUrl: z.string().nullable() }));

/** Where one appointment happens, as the visitor's pages and the staff's list read it. */
export const ZSessionPlace = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('address'), address: z.string() }),
  z.object({ kind: z.literal('online'), videoUrl: z.string().nullable() }),
  z.object({ kind: z.literal('phone') }),
]);

/** How visitors reach the clinic: Malaysian numbers (domain/phone.ts) and an address; each may be blank. */
export const ZVisitorContact = z.object({
  phone: ZOptionalMalaysianPhone,
  whatsApp: ZOptionalMalaysianPhone,
  email: emailAddress()
    .or(z.literal(''))
    .nullish()
    .transform((value) => value || null)
    .pipe(z.string().nullable()),
});
