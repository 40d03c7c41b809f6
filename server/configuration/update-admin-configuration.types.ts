import { z } from 'zod';
import { isHexColour } from '../../domain/brand-colour';
import { brandColourContrast, shownRatio, WCAG_AA_TEXT } from '../../domain/brand-contrast';
import { CONFIGURATION_TEXT_LIMITS, MINIMUM_AGE_RANGE, TEST_TYPES } from '../../domain/configuration';
import { isValidMalaysianPhone } from '../../domain/phone';
import { isProtectedSlug, slugify } from '../../domain/slug';
import { fieldMessage } from '../field-messages';
import { nullableText, optionalText, requiredText, text, ZWebUrlOrNull } from '../zod-fields';

const { min, max } = MINIMUM_AGE_RANGE;
const ageMessage = fieldMessage('wholeNumberBetween', { min, max });

/** Long enough for '+60 12-345 6789' written any way a clinic writes it. */
const MAX_PHONE_LENGTH = 32;

/** A Malaysian number as the clinic writes it (domain/phone.ts); blank, null or missing mean none. */
export const ZOptionalMalaysianPhone = text()
  .max(MAX_PHONE_LENGTH, fieldMessage('atMostCharacters', { max: MAX_PHONE_LENGTH }))
  .refine((value) => value === '' || isValidMalaysianPhone(value), fieldMessage('phone'))
  .nullish()
  .transform((value) => value || null)
  // What the transform leaves, said as a schema, so the OpenAPI document can describe the answer.
  .pipe(z.string().nullable());

/**
 * The clinic's own crisis contact (docs/decisions/0024): a name, and a number to call, one for
 * WhatsApp, or both. A visitor in distress trusts the national lines' names, so the contact may
 * not take one, as a company name may not (domain/slug.ts, PROTECTED_NAMES).
 */
export const ZClinicCrisisContact = z
  .object(
    {
      name: requiredText(CONFIGURATION_TEXT_LIMITS.crisisContactName).refine((name) => {
        const slug = slugify(name);
        return slug === null || !isProtectedSlug(slug);
      }, fieldMessage('protectedCrisisName')),
      phone: ZOptionalMalaysianPhone,
      whatsApp: ZOptionalMalaysianPhone,
    },
    { error: fieldMessage('crisisContact') },
  )
  .refine((contact) => contact.phone !== null || contact.whatsApp !== null, {
    path: ['phone'],
    message: fieldMessage('crisisContactNumber'),
  });

/**
 * The clinic's primary colour, #rrggbb, refused when white text on it or it as text on the page
 * would read below WCAG AA (domain/brand-colour.ts), with the ratio it makes.
 */
const ZPrimaryColor = z
  .string({ error: fieldMessage('hexColour') })
  .trim()
  .refine(isHexColour, fieldMessage('hexColour'))
  .transform((colour) => colour.toLowerCase())
  .superRefine((colour, ctx) => {
    const ratio = brandColourContrast(colour);
    if (ratio < WCAG_AA_TEXT) ctx.addIssue({ code: 'custom', message: fieldMessage('colourContrast', { ratio: shownRatio(ratio), minimum: String(WCAG_AA_TEXT) }) });
  });

/** A Malay version of a text: blank means the English one shows. Missing keeps what is saved. */
const malayText = (max: number) => optionalText(max, 'several lines').optional();

/**
 * PUT /api/configuration: every field of the operator's configuration. Extra fields (id,
 * userId, companySlug) are ignored, so the client may send back what it loaded; the slug is
 * derived from companyName on the server.
 */
export const ZUpdateConfigurationRequest = z.object({
  testType: z.enum(TEST_TYPES, { error: fieldMessage('testType') }),
  appTitle: requiredText(CONFIGURATION_TEXT_LIMITS.appTitle),
  appDescription: optionalText(CONFIGURATION_TEXT_LIMITS.appDescription, 'several lines'),
  logoUrl: ZWebUrlOrNull,
  companyName: nullableText(CONFIGURATION_TEXT_LIMITS.companyName),
  minimumAge: z.number({ error: ageMessage }).int(ageMessage).min(min, ageMessage).max(max, ageMessage),
  importantSectionContent: optionalText(CONFIGURATION_TEXT_LIMITS.sectionContent, 'several lines'),
  whatThisDoesContent: optionalText(CONFIGURATION_TEXT_LIMITS.sectionContent, 'several lines'),
  privacySectionContent: optionalText(CONFIGURATION_TEXT_LIMITS.sectionContent, 'several lines'),
  enableMalayTranslation: z.boolean({ error: fieldMessage('trueOrFalse') }),
  // Missing keeps what is saved: a client older than the switch must not turn the AI back on.
  aiInsightsEnabled: z.boolean({ error: fieldMessage('trueOrFalse') }).optional(),
  // Null removes the contact; missing keeps what is saved, as for the AI switch.
  crisisContact: ZClinicCrisisContact.nullable().optional(),
  // The white label's settings (docs/decisions/0051); missing keeps what is saved, null removes the colour.
  primaryColor: ZPrimaryColor.nullable().optional(),
  hidePoweredBy: z.boolean({ error: fieldMessage('trueOrFalse') }).optional(),
  appTitleMs: malayText(CONFIGURATION_TEXT_LIMITS.appTitle),
  appDescriptionMs: malayText(CONFIGURATION_TEXT_LIMITS.appDescription),
  importantSectionContentMs: malayText(CONFIGURATION_TEXT_LIMITS.sectionContent),
  whatThisDoesContentMs: malayText(CONFIGURATION_TEXT_LIMITS.sectionContent),
  privacySectionContentMs: malayText(CONFIGURATION_TEXT_LIMITS.sectionContent),
});

export type UpdateConfigurationRequest = z.output<typeof ZUpdateConfigurationRequest>;
