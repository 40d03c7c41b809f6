import type { ScreenerConfiguration, TestType } from '../../domain/configuration';
import type { RouterInputs } from '../lib/trpc';

/** The configuration form as the inputs hold it: text everywhere a person types. */
export interface ConfigurationDraft {
  testType: TestType;
  appTitle: string;
  appDescription: string;
  logoUrl: string;
  companyName: string;
  minimumAge: string;
  importantSectionContent: string;
  whatThisDoesContent: string;
  privacySectionContent: string;
  enableMalayTranslation: boolean;
  aiInsightsEnabled: boolean;
  crisisContactName: string;
  crisisContactPhone: string;
  crisisContactWhatsApp: string;
  /** '' keeps the theme's colour. */
  primaryColor: string;
  hidePoweredBy: boolean;
  appTitleMs: string;
  appDescriptionMs: string;
  importantSectionContentMs: string;
  whatThisDoesContentMs: string;
  privacySectionContentMs: string;
}

export function configurationDraftOf(configuration: ScreenerConfiguration): ConfigurationDraft {
  return {
    testType: configuration.testType,
    appTitle: configuration.appTitle,
    appDescription: configuration.appDescription,
    logoUrl: configuration.logoUrl ?? '',
    companyName: configuration.companyName ?? '',
    minimumAge: String(configuration.minimumAge),
    importantSectionContent: configuration.importantSectionContent,
    whatThisDoesContent: configuration.whatThisDoesContent,
    privacySectionContent: configuration.privacySectionContent,
    enableMalayTranslation: configuration.enableMalayTranslation,
    aiInsightsEnabled: configuration.aiInsightsEnabled,
    crisisContactName: configuration.crisisContact?.name ?? '',
    crisisContactPhone: configuration.crisisContact?.phone ?? '',
    crisisContactWhatsApp: configuration.crisisContact?.whatsApp ?? '',
    primaryColor: configuration.primaryColor ?? '',
    hidePoweredBy: configuration.hidePoweredBy,
    appTitleMs: configuration.appTitleMs,
    appDescriptionMs: configuration.appDescriptionMs,
    importantSectionContentMs: configuration.importantSectionContentMs,
    whatThisDoesContentMs: configuration.whatThisDoesContentMs,
    privacySectionContentMs: configuration.privacySectionContentMs,
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
