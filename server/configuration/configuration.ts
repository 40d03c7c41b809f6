import { z } from 'zod';
import { TEST_TYPES } from '../../domain/configuration';

/** The configuration as its operator edits it (admin setup's configuration form). */
export const ZScreenerConfiguration = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  testType: z.enum(TEST_TYPES),
  appTitle: z.string(),
  appDescription: z.string(),
  logoUrl: z.string().nullable(),
  companyName: z.string().nullable(),
  companySlug: z.string().nullable(),
  minimumAge: z.number().int(),
  importantSectionContent: z.string(),
  whatThisDoesContent: z.string(),
  privacySectionContent: z.string(),
  enableMalayTranslation: z.boolean(),
  aiInsightsEnabled: z.boolean(),
  crisisContact: z.object({ name: z.string(), phone: z.string().nullable(), whatsApp: z.string().nullable() }).nullable(),
  primaryColor: z.string().nullable(),
  uploadedLogoUrl: z.string().nullable(),
  hidePoweredBy: z.boolean(),
  appTitleMs: z.string(),
  appDescriptionMs: z.string(),
  importantSectionContentMs: z.string(),
  whatThisDoesContentMs: z.string(),
  privacySectionContentMs: z.string(),
});

/** What visitors receive: no owner id (domain/configuration.ts, PublicScreenerConfiguration). */
export const ZPublicScreenerConfiguration = ZScreenerConfiguration.omit({ userId: true });
