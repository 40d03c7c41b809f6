import type { AppointmentDetails } from '../../db/repositories/appointments';
import { formatAppointmentTime } from '../../domain/appointment-time';
import type { TranslationFunctions } from '../../i18n/i18n-types';
import { translationsFor } from '../translations';
import { calendarAttachment } from './ics';
import { type EmailBrand, type RenderedEmail, renderEmail } from './render-email';

/** What every booking mail is about; the brand is the operator's screener. */
export type AppointmentFacts = Pick<AppointmentDetails, 'id' | 'client' | 'psychologist' | 'startUtc' | 'endUtc'>;

// Clinic staff read one language; their mails are in English, the visitor's in their own.
const STAFF_LOCALE = 'en';

const footer = (LL: TranslationFunctions, appTitle: string) => LL.bookingEmails.footer({ appTitle });

/** With whom and when, in the visitor's own timezone and language. */
function visitorDetails(LL: TranslationFunctions, facts: AppointmentFacts) {
  return [
    { label: LL.bookingEmails.details.psychologist(), value: facts.psychologist.name },
    { label: LL.bookingEmails.details.when(), value: formatAppointmentTime(facts, facts.client.timezone, facts.client.language) },
  ];
}

/** What the psychologist and the operator need to call the client back. */
function clientDetails(LL: TranslationFunctions, facts: AppointmentFacts) {
  const labels = LL.bookingEmails.details;
  return [
    { label: labels.when(), value: formatAppointmentTime(facts, facts.psychologist.timezone, STAFF_LOCALE) },
    { label: labels.client(), value: facts.client.name },
    { label: labels.email(), value: facts.client.email },
    { label: labels.phone(), value: facts.client.phone },
    { label: labels.clientTimezone(), value: facts.client.timezone },
  ];
}

/**
 * To the visitor, before anyone else hears of the booking: confirm that the request is yours.
 * The button opens a page that confirms with a POST; opening the link confirms nothing, as mail
 * scanners open links.
 */
export function bookingHoldEmail(facts: AppointmentFacts, brand: EmailBrand, manageUrl: string): RenderedEmail {
  const psychologist = facts.psychologist.name;
  return renderEmail(
    facts.client.language,
    (LL, appTitle) => ({
      subject: LL.bookingEmails.hold.subject({ psychologist }),
      heading: LL.bookingEmails.hold.heading(),
      intro: [LL.bookingEmails.greeting({ name: facts.client.name }), LL.bookingEmails.hold.body({ appTitle, psychologist })],
      details: visitorDetails(LL, facts),
      action: { label: LL.bookingEmails.hold.action(), url: manageUrl },
      outro: [LL.bookingEmails.hold.ignore()],
      footer: footer(LL, appTitle),
    }),
    brand,
  );
}

/** To the visitor, in their language and timezone, with the appointment as a calendar file. */
export function bookingClientEmail(facts: AppointmentFacts, brand: EmailBrand, madeAt: Date, manageUrl: string): RenderedEmail {
  const locale = facts.client.language;
  const psychologist = facts.psychologist.name;
  const email = renderEmail(
    locale,
    (LL, appTitle) => ({
      subject: LL.bookingEmails.client.subject({ psychologist }),
      heading: LL.bookingEmails.client.heading(),
      intro: [LL.bookingEmails.greeting({ name: facts.client.name }), LL.bookingEmails.client.body({ appTitle, psychologist })],
      details: visitorDetails(LL, facts),
      action: { label: LL.bookingEmails.manage(), url: manageUrl },
      outro: [LL.bookingEmails.client.calendar()],
      footer: footer(LL, appTitle),
    }),
    brand,
  );
  const texts = translationsFor(locale).bookingEmails.client;
  const event = {
    uid: `${facts.id}@minda`,
    startUtc: facts.startUtc,
    endUtc: facts.endUtc,
    stamp: madeAt,
    summary: texts.calendarSummary({ psychologist }),
    description: texts.calendarDescription({ appTitle: brand.name, psychologist }),
  };
  return { ...email, attachments: [calendarAttachment(event)] };
}

/** To the psychologist: who booked and how to reach them. */
export function bookingPsychologistEmail(facts: AppointmentFacts, brand: EmailBrand): RenderedEmail {
  return renderEmail(
    STAFF_LOCALE,
    (LL, appTitle) => ({
      subject: LL.bookingEmails.psychologist.subject({ client: facts.client.name }),
      heading: LL.bookingEmails.psychologist.heading(),
      intro: [
        LL.bookingEmails.greeting({ name: facts.psychologist.name }),
        LL.bookingEmails.psychologist.body({ client: facts.client.name, appTitle }),
      ],
      details: clientDetails(LL, facts),
      footer: footer(LL, appTitle),
    }),
    brand,
  );
}

/** To the operator who owns the screener, with a way to the appointments list. */
export function bookingOperatorEmail(facts: AppointmentFacts, brand: EmailBrand, appointmentsUrl: string): RenderedEmail {
  const psychologist = facts.psychologist.name;
  return renderEmail(
    STAFF_LOCALE,
    (LL, appTitle) => ({
      subject: LL.bookingEmails.operator.subject({ psychologist }),
      heading: LL.bookingEmails.operator.heading(),
      intro: [LL.bookingEmails.operator.body({ psychologist, appTitle })],
      details: [{ label: LL.bookingEmails.details.psychologist(), value: psychologist }, ...clientDetails(LL, facts)],
      action: { label: LL.bookingEmails.operator.action(), url: appointmentsUrl },
      footer: footer(LL, appTitle),
    }),
    brand,
  );
}

/** To the psychologist or the operator: the client cancelled through their private link. */
export function visitorCancelledEmail(facts: AppointmentFacts, brand: EmailBrand): RenderedEmail {
  const names = { client: facts.client.name, psychologist: facts.psychologist.name };
  return renderEmail(
    STAFF_LOCALE,
    (LL, appTitle) => ({
      subject: LL.bookingEmails.visitorCancelled.subject(names),
      heading: LL.bookingEmails.visitorCancelled.heading(),
      intro: [LL.bookingEmails.visitorCancelled.body({ ...names, appTitle })],
      details: clientDetails(LL, facts),
      footer: footer(LL, appTitle),
    }),
    brand,
  );
}

/** To the visitor whose appointment the operator cancelled, with a way back to book again. */
export function appointmentCancelledEmail(facts: AppointmentFacts, brand: EmailBrand, rebookUrl: string): RenderedEmail {
  const locale = facts.client.language;
  const psychologist = facts.psychologist.name;
  return renderEmail(
    locale,
    (LL, appTitle) => ({
      subject: LL.bookingEmails.cancelled.subject({ psychologist }),
      heading: LL.bookingEmails.cancelled.heading(),
      intro: [LL.bookingEmails.greeting({ name: facts.client.name }), LL.bookingEmails.cancelled.body({ psychologist, appTitle })],
      details: visitorDetails(LL, facts),
      action: { label: LL.bookingEmails.cancelled.action(), url: rebookUrl },
      outro: [LL.bookingEmails.cancelled.rebook()],
      footer: footer(LL, appTitle),
    }),
    brand,
  );
}

/** The clinic's answers a visitor hears of; a cancellation has a mail of its own. */
export type ClinicAnswer = 'confirmed' | 'declined' | 'completed' | 'no_show';

/** To the visitor, in their language: the clinic confirmed, declined, completed or marked a no-show. */
export function appointmentAnsweredEmail(
  facts: AppointmentFacts,
  brand: EmailBrand,
  answer: { status: ClinicAnswer; message?: string; manageUrl: string },
): RenderedEmail {
  const psychologist = facts.psychologist.name;
  return renderEmail(
    facts.client.language,
    (LL, appTitle) => {
      const texts = LL.bookingEmails.answered[answer.status];
      return {
        subject: texts.subject({ psychologist }),
        heading: texts.heading(),
        intro: [LL.bookingEmails.greeting({ name: facts.client.name }), texts.body({ psychologist, appTitle })],
        details: visitorDetails(LL, facts),
        action: { label: LL.bookingEmails.manage(), url: answer.manageUrl },
        outro: answer.message ? [LL.bookingEmails.answered.message({ message: answer.message })] : [],
        footer: footer(LL, appTitle),
      };
    },
    brand,
  );
}
