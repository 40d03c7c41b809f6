import { z } from 'zod';
import { CONFIGURATION_TEXT_LIMITS, MINIMUM_AGE_RANGE, TEST_TYPES } from '../../domain/configuration';
import { fieldMessage } from '../field-messages';
import { nullableText, optionalText, requiredText, ZWebUrlOrNull } from '../zod-fields';

const { min, max } = MINIMUM_AGE_RANGE;
const ageMessage = fieldMessage('wholeNumberBetween', { min, max });

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
});

export type UpdateConfigurationRequest = z.output<typeof ZUpdateConfigurationRequest>;
