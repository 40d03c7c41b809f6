import { clinicNameOf, consentSectionText, type ScreenerConfiguration, STOCK_CONSENT_TEXTS } from '../../domain/configuration';
import type { Locales } from '../../i18n/i18n-types';
import { translationsFor } from '../translations';
import type { BookingConsents } from './shared-results';

type Screener = Pick<
  ScreenerConfiguration,
  'appTitle' | 'companyName' | 'minimumAge' | 'importantSectionContent' | 'whatThisDoesContent' | 'privacySectionContent' | 'aiInsightsEnabled'
>;

/**
 * The words each consent was given to, in the visitor's language, as the screens show them: the
 * screener's consent step (its sections, the AI line, the age group the visitor chose and the
 * button), the booking's privacy notice, the results-sharing choice and the WhatsApp choice.
 */
function consentTexts(screener: Screener, language: Locales, retentionDays: number) {
  const LL = translationsFor(language);
  const consent = LL.screener.consent;
  const clinic = clinicNameOf(screener);
  const screenerText = [
    consentSectionText(screener.importantSectionContent, STOCK_CONSENT_TEXTS.importantSectionContent, consent.important(), { stripImportantPrefix: true }),
    consentSectionText(screener.whatThisDoesContent, STOCK_CONSENT_TEXTS.whatThisDoesContent, consent.whatThisDoes()),
    consentSectionText(screener.privacySectionContent, STOCK_CONSENT_TEXTS.privacySectionContent, consent.privacy()),
    screener.aiInsightsEnabled ? consent.privacyAiOn() : consent.privacyAiOff(),
    `${consent.ageQuestion()}: ${consent.ageGroups.meetsMinimumAge({ age: screener.minimumAge })}`,
    consent.consentButton(),
  ].join('\n\n');
  return {
    screener: screenerText,
    privacyNotice: LL.booking.privacyNotice({ clinic, days: retentionDays }),
    resultsSharing: `${LL.booking.shareResults({ clinic })}\n\n${LL.booking.shareResultsDetails({ clinic, days: retentionDays })}`,
    whatsappReminders: `${LL.booking.whatsappReminders()}\n\n${LL.booking.whatsappRemindersDetails({ clinic })}`,
  } satisfies Record<keyof BookingConsents, string>;
}

/** The consents of a booking with their texts, for recordConsents. */
export function givenConsents(screener: Screener, language: Locales, retentionDays: number, consents: BookingConsents) {
  const texts = consentTexts(screener, language, retentionDays);
  return (Object.keys(texts) as (keyof BookingConsents)[]).flatMap((kind) => {
    const given = consents[kind];
    return given ? [{ kind, text: texts[kind], givenAt: new Date(given.givenAt) }] : [];
  });
}
