import type { Locales } from '../../i18n/i18n-types';
import { type EmailBrand, type RenderedEmail, renderEmail } from './render-email';

/**
 * A repeat measure's mail to the client, or its reminder (issue 30), in their language and their
 * clinic's brand. It carries the link and when it ends, nothing else: no name, no instrument, no
 * score, since a mailbox is not a place for health data (docs/decisions/0067).
 */
export function measureEmail(
  measure: { language: Locales; expiresAt: Date; timezone: string; reminder: boolean },
  brand: EmailBrand,
  url: string,
): RenderedEmail {
  return renderEmail(
    measure.language,
    (LL, appTitle) => {
      const texts = LL.bookingEmails.measure;
      const when = new Intl.DateTimeFormat(measure.language === 'ms' ? 'ms-MY' : 'en-MY', { dateStyle: 'full', timeStyle: 'short', timeZone: measure.timezone }).format(measure.expiresAt);
      return {
        subject: measure.reminder ? texts.reminderSubject() : texts.subject(),
        heading: texts.heading(),
        intro: [measure.reminder ? texts.reminderBody({ appTitle }) : texts.body({ appTitle })],
        action: { label: texts.action(), url },
        outro: [texts.expires({ when }), texts.stop()],
        footer: LL.bookingEmails.footer({ appTitle }),
      };
    },
    brand,
  );
}
