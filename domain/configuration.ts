/**
 * The public screener configuration (SPEC section 3) and the rules around it that the
 * client and the server share.
 */
export const TEST_TYPES = ['DASS-21', 'Combined'] as const;
export type TestType = (typeof TEST_TYPES)[number];

export const DEFAULT_MINIMUM_AGE = 16;
export const MINIMUM_AGE_RANGE = { min: 10, max: 21 } as const;

export interface ScreenerConfiguration {
  id: string;
  /** null only for the built-in default configuration, which no operator owns. */
  userId: string | null;
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
}

export const DEFAULT_CONFIGURATION_ID = 'default';

/** The stock consent texts. Texts equal to these are shown translated on the Malay route. */
export const STOCK_CONSENT_TEXTS = {
  importantSectionContent:
    'This tool is for self-reflection and awareness only. It is not a diagnostic tool. A qualified professional will review your results and guide you forward.',
  whatThisDoesContent: [
    'Asks you short questions about how you have been feeling recently',
    'Gives you scores with a plain-language explanation',
    'Suggests wellbeing tips and, if you wish, lets you book a session with a professional',
  ].join('\n'),
  privacySectionContent: [
    'You do not need to give your name to take the screener',
    'Your answers are not stored with anything that identifies you',
    'Contact details are asked for only if you choose to book an appointment',
  ].join('\n'),
} as const;

export const DEFAULT_CONFIGURATION: ScreenerConfiguration = {
  id: DEFAULT_CONFIGURATION_ID,
  userId: null,
  testType: 'DASS-21',
  appTitle: 'DASS-21 Wellbeing Screener',
  appDescription: 'A supportive tool to help you reflect on your wellbeing',
  logoUrl: null,
  companyName: null,
  companySlug: null,
  minimumAge: DEFAULT_MINIMUM_AGE,
  ...STOCK_CONSENT_TEXTS,
  enableMalayTranslation: false,
};

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** SPEC section 5: an identifier in UUID form is a configuration id, anything else a slug. */
export function parseScreenerIdentifier(
  identifier: string,
): { kind: 'id'; id: string } | { kind: 'slug'; slug: string } {
  return UUID_PATTERN.test(identifier)
    ? { kind: 'id', id: identifier.toLowerCase() }
    : { kind: 'slug', slug: identifier };
}
