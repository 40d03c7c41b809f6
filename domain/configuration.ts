import { screenerStockTexts } from '../i18n/en/screener-stock-texts';
import type { ClinicCrisisContact } from './crisis';
import { allowsUnlimitedBookings } from './subscription';

/**
 * The public screener configuration and the rules around it that the
 * client and the server share.
 */
export const TEST_TYPES = ['DASS-21', 'Combined'] as const;
export type TestType = (typeof TEST_TYPES)[number];

const DEFAULT_MINIMUM_AGE = 16;
export const MINIMUM_AGE_RANGE = { min: 10, max: 21 } as const;

/** The longest texts an operator may save (characters). */
export const CONFIGURATION_TEXT_LIMITS = {
  appTitle: 200,
  appDescription: 2000,
  companyName: 200,
  sectionContent: 5000,
  crisisContactName: 100,
} as const;

/**
 * What a visitor's screen needs of a configuration: the product's public form without its
 * owner's id, which visitors have no use for and which, with a leaked session secret, was
 * half of a forged operator session (issue 11).
 */
export interface PublicScreenerConfiguration {
  id: string;
  testType: TestType;
  appTitle: string;
  appDescription: string;
  logoUrl: string | null;
  companyName: string | null;
  companySlug: string | null;
  minimumAge: number;
  importantSectionContent: string;
  whatThisDoesContent: string;
  /** Bullet lines separated by new lines, like whatThisDoesContent. */
  privacySectionContent: string;
  enableMalayTranslation: boolean;
  /** Off: insights come from the built-in writer and no answer is sent to an AI service. */
  aiInsightsEnabled: boolean;
  /**
   * The clinic's own crisis line, shown beside the national ones. Public on purpose: it is
   * the clinic's published contact, not a visitor's data.
   */
  crisisContact: ClinicCrisisContact | null;
  /** The clinic's primary colour (#rrggbb, readable in the theme: domain/brand-colour.ts); null keeps the theme's. */
  primaryColor: string | null;
  /** Where the uploaded logo is served, changing with its content; null without one. It wins over logoUrl. */
  uploadedLogoUrl: string | null;
  /** The clinic hides "Powered by Minda" (a paid plan only: honoured while it is paid, withPlanApplied). */
  hidePoweredBy: boolean;
  /** Malay versions of the texts above; blank shows the English one (malayOr). */
  appTitleMs: string;
  appDescriptionMs: string;
  importantSectionContentMs: string;
  whatThisDoesContentMs: string;
  privacySectionContentMs: string;
}

/** A configuration as stored and as its operator edits it: the public form and its owner. */
export interface ScreenerConfiguration extends PublicScreenerConfiguration {
  /** Null only for the built-in default configuration, which no operator owns. */
  userId: string | null;
}

export const DEFAULT_CONFIGURATION_ID = 'default';

/**
 * The stock consent texts are the English dictionary's: a configuration whose text still
 * equals them is shown translated on the Malay route, a custom text as the operator wrote it.
 */
export const STOCK_CONSENT_TEXTS = {
  importantSectionContent: screenerStockTexts.important,
  whatThisDoesContent: screenerStockTexts.whatThisDoes,
  privacySectionContent: screenerStockTexts.privacy,
} as const;

/** The screener texts a clinic may write in Malay, each beside its English field. */
export const MALAY_TEXT_FIELDS = {
  appTitle: 'appTitleMs',
  appDescription: 'appDescriptionMs',
  importantSectionContent: 'importantSectionContentMs',
  whatThisDoesContent: 'whatThisDoesContentMs',
  privacySectionContent: 'privacySectionContentMs',
} as const;
export type MalayTextField = (typeof MALAY_TEXT_FIELDS)[keyof typeof MALAY_TEXT_FIELDS];
const NO_MALAY_TEXTS: Record<MalayTextField, string> = {
  appTitleMs: '',
  appDescriptionMs: '',
  importantSectionContentMs: '',
  whatThisDoesContentMs: '',
  privacySectionContentMs: '',
};

/** A configuration's white-label settings before the clinic sets any: the theme, Minda's line, English only. */
export const WHITE_LABEL_DEFAULTS = { primaryColor: null, hidePoweredBy: false, ...NO_MALAY_TEXTS } as const;

/** A clinic's text in the visitor's language: the Malay one on the Malay pages unless it is blank. */
export function malayOr(english: string, malay: string | null | undefined, locale: 'en' | 'ms'): string {
  return locale === 'ms' && malay && malay.trim() !== '' ? malay : english;
}

/** The screener's own texts as the visitor's language shows them (Malay falling back to English). */
export function screenerTextsIn<C extends PublicScreenerConfiguration>(screener: C, locale: 'en' | 'ms'): C {
  const texts = Object.fromEntries(
    Object.entries(MALAY_TEXT_FIELDS).map(([english, malay]) => [english, malayOr(screener[english as keyof typeof MALAY_TEXT_FIELDS], screener[malay], locale)]),
  );
  return { ...screener, ...texts };
}

/** The logo a visitor sees: the uploaded one, else the one on the web. */
export function shownLogoUrl(screener: Pick<PublicScreenerConfiguration, 'uploadedLogoUrl' | 'logoUrl'>): string | null {
  return screener.uploadedLogoUrl ?? screener.logoUrl;
}

export const DEFAULT_CONFIGURATION: ScreenerConfiguration = {
  id: DEFAULT_CONFIGURATION_ID,
  userId: null,
  testType: 'DASS-21',
  appTitle: screenerStockTexts.title,
  appDescription: screenerStockTexts.description,
  logoUrl: null,
  companyName: null,
  companySlug: null,
  minimumAge: DEFAULT_MINIMUM_AGE,
  ...STOCK_CONSENT_TEXTS,
  enableMalayTranslation: false,
  aiInsightsEnabled: true,
  crisisContact: null,
  uploadedLogoUrl: null,
  ...WHITE_LABEL_DEFAULTS,
};

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An identifier in UUID form is a configuration id, anything else a slug. */
export function parseScreenerIdentifier(
  identifier: string,
): { kind: 'id'; id: string } | { kind: 'slug'; slug: string } {
  return UUID_PATTERN.test(identifier)
    ? { kind: 'id', id: identifier.toLowerCase() }
    : // Slugs are made lower-case; MySQL compares them without case and SQLite with it.
      { kind: 'slug', slug: identifier.trim().toLowerCase() };
}

const IMPORTANT_PREFIX = /^\s*important:\s*/i;

/**
 * The text to show for a consent section: the translation when the operator kept the stock
 * English wording, otherwise their own words. Operators often start the Important section
 * with 'Important: ', which the screen's own heading already says.
 */
export function consentSectionText(
  configured: string,
  stockEnglish: string,
  translated: string,
  options: { stripImportantPrefix?: boolean } = {},
): string {
  if (configured.trim() === stockEnglish.trim()) return translated;
  return options.stripImportantPrefix ? configured.replace(IMPORTANT_PREFIX, '') : configured;
}

/**
 * The configuration as visitors see it under the clinic's plan. Hiding "Powered by Minda" is a
 * paid plan's: once the subscription is no longer paid (the same statuses that bring back the
 * free-booking limit) the line shows again; the clinic's choice stays stored, and counts again
 * when it pays (docs/decisions/0054).
 */
export function withPlanApplied<C extends Pick<PublicScreenerConfiguration, 'hidePoweredBy'>>(configuration: C, subscriptionStatus: string | undefined): C {
  return configuration.hidePoweredBy && !allowsUnlimitedBookings(subscriptionStatus) ? { ...configuration, hidePoweredBy: false } : configuration;
}

/** The clinic as a visitor reads its name: the company name, else the screener's title. */
export function clinicNameOf(screener: Pick<PublicScreenerConfiguration, 'companyName' | 'appTitle'>): string {
  return screener.companyName ?? screener.appTitle;
}

/** Bullet sections are one bullet per non-blank line. */
export function bulletLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
