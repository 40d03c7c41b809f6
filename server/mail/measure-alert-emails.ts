import { type EmailBrand, type RenderedEmail, renderEmail, STAFF_LOCALE } from './render-email';

/**
 * To the staff an alert on a measure goes to (issue 30, docs/decisions/0068): that a client's
 * questionnaire needs attention, with the way to Today, and nothing else: no name, no score, no
 * answer, not even whether it was a risk item or a deterioration. Those are behind the sign-in.
 * `escalated`: nobody acknowledged it within 24 hours, and it goes to the owner and admins again.
 */
export function measureAlertEmail(brand: EmailBrand, todayUrl: string, escalated: boolean): RenderedEmail {
  return renderEmail(
    STAFF_LOCALE,
    (LL, appName) => {
      const t = LL.emails.measureAlert;
      return {
        subject: escalated ? t.escalatedSubject() : t.subject(),
        heading: escalated ? t.escalatedHeading() : t.heading(),
        intro: [escalated ? t.escalatedBody({ appName }) : t.body({ appName })],
        action: { label: t.action(), url: todayUrl },
        footer: t.footer({ appName }),
      };
    },
    brand,
  );
}
