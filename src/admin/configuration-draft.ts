import type { ScreenerConfiguration } from '../../domain/configuration';
import type { RouterInputs } from '../lib/trpc';

/** The fields the form holds exactly as the configuration does (text the clinic types, switches): its type is theirs. */
const verbatimFieldsOf = (configuration: ScreenerConfiguration) => ({
  testType: configuration.testType,
  appTitle: configuration.appTitle,
  appDescription: configuration.appDescription,
  importantSectionContent: configuration.importantSectionContent,
  whatThisDoesContent: configuration.whatThisDoesContent,
  privacySectionContent: configuration.privacySectionContent,
  enableMalayTranslation: configuration.enableMalayTranslation,
  aiInsightsEnabled: configuration.aiInsightsEnabled,
  hidePoweredBy: configuration.hidePoweredBy,
  appTitleMs: configuration.appTitleMs,
  appDescriptionMs: configuration.appDescriptionMs,
  importantSectionContentMs: configuration.importantSectionContentMs,
  whatThisDoesContentMs: configuration.whatThisDoesContentMs,
  privacySectionContentMs: configuration.privacySectionContentMs,
});

/** The configuration form as the inputs hold it: text everywhere a person types. */
export type ConfigurationDraft = ReturnType<typeof verbatimFieldsOf> & {
  logoUrl: string;
  companyName: string;
  minimumAge: string;
  crisisContactName: string;
  crisisContactPhone: string;
  crisisContactWhatsApp: string;
  /** '' keeps the theme's colour. */
  primaryColor: string;
};

export function configurationDraftOf(configuration: ScreenerConfiguration): ConfigurationDraft {
  return {
    ...verbatimFieldsOf(configuration),
    logoUrl: configuration.logoUrl ?? '',
    companyName: configuration.companyName ?? '',
    minimumAge: String(configuration.minimumAge),
    crisisContactName: configuration.crisisContact?.name ?? '',
    crisisContactPhone: configuration.crisisContact?.phone ?? '',
    crisisContactWhatsApp: configuration.crisisContact?.whatsApp ?? '',
    primaryColor: configuration.primaryColor ?? '',
  };
}

/**
 * logoUrl and companyName go as null when empty. A blank age goes as NaN so
 * the server answers with its range message under the field instead of saving a 0. The crisis
 * contact goes as null when all three of its fields are blank, otherwise as typed, so the
 * server names what is missing.
 */
export function configurationUpdateOf(draft: ConfigurationDraft): RouterInputs['admin']['configuration']['update'] {
  const { crisisContactName: name, crisisContactPhone: phone, crisisContactWhatsApp: whatsApp, ...fields } = draft;
  return {
    ...fields,
    logoUrl: draft.logoUrl.trim() || null,
    companyName: draft.companyName.trim() || null,
    primaryColor: draft.primaryColor.trim() || null,
    minimumAge: draft.minimumAge.trim() === '' ? Number.NaN : Number(draft.minimumAge),
    crisisContact: [name, phone, whatsApp].every((value) => value.trim() === '') ? null : { name, phone, whatsApp },
  };
}

/** What each section of the configuration form receives. */
export interface ConfigurationSectionProps {
  draft: ConfigurationDraft;
  update: <K extends keyof ConfigurationDraft>(field: K, value: ConfigurationDraft[K]) => void;
  /** Field messages of the last save's 400, keyed by field name. */
  errors: Record<string, string>;
}
