import type { AppointmentCare, AppointmentDetails } from '../../db/repositories/appointments';
import { formatAppointmentTime } from '../../domain/appointment-time';
import type { SlotTimes } from '../../domain/slots';
import { zonePlace } from '../../domain/time-zone-places';
import { MALAYSIAN_CRISIS_RESOURCES } from '../../domain/crisis';
import { paymentWords, refundPolicyWords, type VisitorPayment } from '../../domain/payment-words';
import { calendarLocation, describeSessionPlace, visitorContactPoints } from '../../domain/session-place';
import type { TranslationFunctions } from '../../i18n/i18n-types';
import { translationsFor } from '../translations';
import { appointmentEvent, calendarAttachment, calendarStateOf } from './ics';
import { brandNameIn, type EmailBrand, type RenderedEmail, renderEmail, STAFF_LOCALE } from './render-email';

/** What every booking mail is about, as the appointment stands after the change it reports. */
export type AppointmentFacts = Pick<AppointmentDetails, 'id' | 'status' | 'revision' | 'client' | 'psychologist' | 'startUtc' | 'endUtc' | 'place' | 'visitorContact'> & {
  /** The two marks a staff mail may carry; never the visitor's cancel reason, which no mail tells (docs/decisions/0054). */
  care: Pick<AppointmentCare, 'resultsShared' | 'contactPromptly'>;
};

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
    { label: labels.clientTimezone(), value: zonePlace(facts.client.timezone, facts.startUtc) },
  ];
}

/**
 * What the staff should know before the session, without a word of the visitor's answers: that
 * they answered the crisis item, and that results wait in the inbox.
 */
function careLines(LL: TranslationFunctions, facts: AppointmentFacts): string[] {
  return [
    ...(facts.care.contactPromptly ? [LL.bookingEmails.care.contactPromptly()] : []),
    ...(facts.care.resultsShared ? [LL.bookingEmails.care.resultsAttached()] : []),
  ];
}

/**
 * The visitor's calendar entry as the appointment now stands (appointmentEvent), and
 * METHOD:CANCEL once it is off; where it is as LOCATION, a video link also as URL and in the
 * description, which some calendars show alone. The clinic is its organizer, under the name and
 * address its mails carry.
 */
function visitorCalendar(facts: AppointmentFacts, brand: EmailBrand, stamp: Date) {
  const event = appointmentEvent(facts, stamp);
  if (!event) return [];
  const LL = translationsFor(facts.client.language);
  const texts = LL.bookingEmails.client;
  const names = { appTitle: brand.name, psychologist: facts.psychologist.name };
  const description = { tentative: texts.calendarDescription, confirmed: texts.calendarConfirmed, cancelled: texts.calendarCancelled }[event.state](names);
  const place = facts.place && describeSessionPlace(facts.place, LL, facts.psychologist.name);
  const whereLines = place ? [`${place.label}: ${place.detail}`] : [];
  return [
    calendarAttachment(
      {
        ...event,
        summary: texts.calendarSummary(names),
        description: [description, ...whereLines].join('\n\n'),
        ...(facts.place && { location: calendarLocation(facts.place, LL) }),
        ...(place?.link && { url: place.link }),
      },
      { name: brandNameIn(facts.client.language, brand), email: brand.contactEmail },
    ),
  ];
}

/**
 * Where the session is and how to reach the clinic: the rows every mail to the visitor carries,
 * after with whom and when. The clinic's e-mail falls back to its mails' Reply-To address.
 */
function visitDetails(LL: TranslationFunctions, facts: AppointmentFacts, brand: EmailBrand) {
  const texts = LL.booking.sessionPlace;
  const place = facts.place && describeSessionPlace(facts.place, LL, facts.psychologist.name);
  const contact = visitorContactPoints({ ...facts.visitorContact, email: facts.visitorContact.email ?? brand.contactEmail });
  return [
    ...(place ? [{ label: texts.heading(), value: `${place.label}: ${place.detail}` }] : []),
    ...(contact.phone ? [{ label: texts.callLabel(), value: contact.phone.display }] : []),
    ...(contact.whatsApp ? [{ label: texts.whatsAppLabel(), value: contact.whatsApp.href }] : []),
    ...(contact.email ? [{ label: texts.emailLabel(), value: contact.email.display }] : []),
  ];
}

type BookingTexts = TranslationFunctions['bookingEmails'];

/**
 * A paid booking's payment as the visitor's mails tell it (issue 28): the amount, the method,
 * Stripe's receipt, what came back, and the policy booked on. Not what a cancel would refund
 * now: that changes as the session nears, so the manage page tells it.
 */
export type MailPayment = Omit<VisitorPayment, 'refundIfCancelledNowSen' | 'keptIfCancelledNowSen'> & { receiptUrl: string | null };
const NO_CANCEL_NOW = { refundIfCancelledNowSen: null, keptIfCancelledNowSen: null };

function paymentDetails(LL: TranslationFunctions, payment: MailPayment) {
  const texts = LL.booking.payment;
  return [
    { label: texts.paidTitle(), value: paymentWords(LL, { ...payment, ...NO_CANCEL_NOW }).paid },
    ...(payment.receiptUrl ? [{ label: texts.receipt(), value: payment.receiptUrl }] : []),
  ];
}

function paymentClosing(LL: TranslationFunctions, payment: MailPayment) {
  const { refunded, refundPending } = paymentWords(LL, { ...payment, ...NO_CANCEL_NOW });
  return [...(refunded ? [refunded] : []), ...(refundPending ? [refundPending] : []), `${LL.booking.payment.refundTitle()}: ${refundPolicyWords(LL, payment.policy).join(' ')}`];
}

/** What one mail to the visitor says; the greeting, the appointment and the footer are common. */
interface VisitorNotice {
  texts: (LL: BookingTexts, names: { psychologist: string; appTitle: string }) => { subject: string; heading: string; body: string; outro?: string[] };
  /** Facts below the appointment's own (with whom, when). */
  details?: (LL: TranslationFunctions) => { label: string; value: string }[];
  /** Paragraphs after the outro. */
  closing?: (LL: TranslationFunctions) => string[];
  /** The button; none when there is nothing left to do through us. */
  action?: { label: (LL: BookingTexts) => string; url: string };
  /** Attach the calendar entry as the appointment now stands, made at this moment. */
  calendarAt?: Date;
  /** What was paid at booking; null or absent for a booking paid at the clinic. */
  payment?: MailPayment | null;
}

/** A mail to the visitor, in their language and timezone, branded with the operator's screener. */
function visitorEmail(facts: AppointmentFacts, brand: EmailBrand, notice: VisitorNotice): RenderedEmail {
  const email = renderEmail(
    facts.client.language,
    (LL, appTitle) => {
      const texts = notice.texts(LL.bookingEmails, { psychologist: facts.psychologist.name, appTitle });
      return {
        subject: texts.subject,
        heading: texts.heading,
        intro: [LL.bookingEmails.greeting({ name: facts.client.name }), texts.body],
        details: [
          ...visitorDetails(LL, facts),
          ...(notice.details?.(LL) ?? []),
          ...(notice.payment ? paymentDetails(LL, notice.payment) : []),
          ...visitDetails(LL, facts, brand),
        ],
        action: notice.action && { label: notice.action.label(LL.bookingEmails), url: notice.action.url },
        outro: [...(texts.outro ?? []), ...(notice.payment ? paymentClosing(LL, notice.payment) : []), ...(notice.closing?.(LL) ?? [])],
        footer: footer(LL, appTitle),
      };
    },
    brand,
  );
  return notice.calendarAt ? { ...email, attachments: visitorCalendar(facts, brand, notice.calendarAt) } : email;
}

const manageAction = (url: string) => ({ label: (LL: BookingTexts) => LL.manage(), url });

/**
 * To the visitor, before anyone else hears of the booking: confirm that the request is yours.
 * The button opens a page that confirms with a POST; opening the link confirms nothing, as mail
 * scanners open links.
 */
export function bookingHoldEmail(facts: AppointmentFacts, brand: EmailBrand, manageUrl: string): RenderedEmail {
  return visitorEmail(facts, brand, {
    texts: (LL, names) => ({ subject: LL.hold.subject(), heading: LL.hold.heading(), body: LL.hold.body(names), outro: [LL.hold.ignore()] }),
    action: { label: (LL) => LL.hold.action(), url: manageUrl },
  });
}

/** To the visitor once the booking reached the clinic, with the appointment as a calendar file. */
export function bookingClientEmail(facts: AppointmentFacts, brand: EmailBrand, madeAt: Date, manageUrl: string, payment?: MailPayment | null): RenderedEmail {
  return visitorEmail(facts, brand, {
    payment,
    texts: (LL, names) => ({ subject: LL.client.subject(), heading: LL.client.heading(), body: LL.client.body(names), outro: [LL.client.calendar()] }),
    action: manageAction(manageUrl),
    calendarAt: madeAt,
  });
}

/** To the visitor whose appointment the operator cancelled, with a way back to book again and what came back of a payment. */
export function appointmentCancelledEmail(facts: AppointmentFacts, brand: EmailBrand, rebookUrl: string, now: Date, payment?: MailPayment | null): RenderedEmail {
  return visitorEmail(facts, brand, {
    payment,
    texts: (LL, names) => ({
      subject: LL.cancelled.subject(),
      heading: LL.cancelled.heading(),
      body: LL.cancelled.body(names),
      outro: [LL.cancelled.rebook(), LL.calendarUpdate()],
    }),
    action: { label: (LL) => LL.cancelled.action(), url: rebookUrl },
    calendarAt: now,
  });
}

/** The clinic a closing mail names, and its contact e-mail (its mails' Reply-To); its numbers come with the appointment. */
export interface ClinicContactDetails {
  name: string;
  email: string;
}


/** Malaysia's crisis lines as the results page lists them, one line each, in the mail's language. */
function crisisLines(LL: TranslationFunctions): string[] {
  const crisis = LL.assessment.crisis;
  return [
    LL.bookingEmails.clinicClosed.crisisIntro(),
    ...MALAYSIAN_CRISIS_RESOURCES.map((line) =>
      [
        LL.bookingEmails.clinicClosed.crisisLine({ name: crisis.resources[line.id].name(), number: line.phone.display }),
        ...(line.alternativePhone ? [crisis.alternativePhone({ number: line.alternativePhone.display })] : []),
        ...(line.whatsApp ? [`(${crisis.whatsApp({ number: line.whatsApp.display })})`] : []),
      ].join(' '),
    ),
  ];
}

/**
 * To the visitor whose appointment ended with its clinic's account: cancelled, with the calendar
 * entry that removes it, how to reach the clinic, and the crisis lines, since the care they were
 * waiting for is not coming. No link: the clinic's pages are gone.
 */
export function clinicClosedEmail(facts: AppointmentFacts, brand: EmailBrand, clinic: ClinicContactDetails, now: Date, payment?: MailPayment | null): RenderedEmail {
  return visitorEmail(facts, brand, {
    payment,
    texts: (LL, names) => ({
      subject: LL.clinicClosed.subject(),
      heading: LL.clinicClosed.heading(),
      body: LL.clinicClosed.body({ ...names, clinic: clinic.name }),
      outro: [LL.calendarUpdate()],
    }),
    // Its numbers and e-mail follow, as in every mail to the visitor (visitDetails).
    details: (LL) => [{ label: LL.bookingEmails.details.clinic(), value: clinic.name }],
    closing: crisisLines,
    calendarAt: now,
  });
}

/** The clinic's answers a visitor hears of; a cancellation has a mail of its own. */
export type ClinicAnswer = 'confirmed' | 'declined' | 'completed' | 'no_show';

/** To the visitor: the clinic confirmed, declined, completed or marked a no-show; with a word from it. */
export function appointmentAnsweredEmail(
  facts: AppointmentFacts,
  brand: EmailBrand,
  answer: { status: ClinicAnswer; message?: string; manageUrl: string; now: Date; payment?: MailPayment | null },
): RenderedEmail {
  const onCalendar = calendarStateOf(answer.status) !== null;
  return visitorEmail(facts, brand, {
    payment: answer.payment,
    texts: (LL, names) => {
      const texts = LL.answered[answer.status];
      const message = answer.message ? [LL.answered.message({ message: answer.message })] : [];
      return { subject: texts.subject(), heading: texts.heading(), body: texts.body(names), outro: [...message, ...(onCalendar ? [LL.calendarUpdate()] : [])] };
    },
    action: manageAction(answer.manageUrl),
    calendarAt: onCalendar ? answer.now : undefined,
  });
}

/** To the visitor, 24 or 2 hours before a confirmed session, with their link to change it. */
export function appointmentReminderEmail(facts: AppointmentFacts, brand: EmailBrand, manageUrl: string): RenderedEmail {
  return visitorEmail(facts, brand, {
    texts: (LL, names) => ({ subject: LL.reminder.subject(), heading: LL.reminder.heading(), body: LL.reminder.body(names), outro: [LL.reminder.change()] }),
    action: manageAction(manageUrl),
  });
}

/** To the visitor who moved or cancelled through their link: what now stands, and the calendar updated. */
export function ownChangeEmail(
  facts: AppointmentFacts,
  brand: EmailBrand,
  change: { manageUrl: string; now: Date; movedFrom?: SlotTimes; payment?: MailPayment | null },
): RenderedEmail {
  const cancelled = facts.status === 'cancelled';
  const { movedFrom } = change;
  return visitorEmail(facts, brand, {
    payment: change.payment,
    texts: (LL, names) => {
      const texts = cancelled ? LL.youCancelled : LL.rescheduled;
      // A move names the time it left as well as the new one (below), so nobody goes at the old.
      const earlier = movedFrom && LL.rescheduled.earlier({ when: formatAppointmentTime(movedFrom, facts.client.timezone, facts.client.language) });
      return { subject: texts.subject(), heading: texts.heading(), body: texts.body(names), outro: [...(earlier ? [earlier] : []), LL.calendarUpdate()] };
    },
    action: manageAction(change.manageUrl),
    calendarAt: change.now,
  });
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
        ...careLines(LL, facts),
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
      intro: [LL.bookingEmails.operator.body({ psychologist, appTitle }), ...careLines(LL, facts)],
      details: [{ label: LL.bookingEmails.details.psychologist(), value: psychologist }, ...clientDetails(LL, facts)],
      action: { label: LL.bookingEmails.operator.action(), url: appointmentsUrl },
      footer: footer(LL, appTitle),
    }),
    brand,
  );
}

/** To the psychologist or the operator: the client cancelled or moved it through their private link. */
export function visitorChangeEmail(facts: AppointmentFacts, brand: EmailBrand, movedFrom?: SlotTimes): RenderedEmail {
  const names = { client: facts.client.name, psychologist: facts.psychologist.name };
  return renderEmail(
    STAFF_LOCALE,
    (LL, appTitle) => {
      const texts = facts.status === 'cancelled' ? LL.bookingEmails.visitorCancelled : LL.bookingEmails.visitorRescheduled;
      return {
        subject: texts.subject(names),
        heading: texts.heading(),
        intro: [
          texts.body({ ...names, appTitle }),
          ...(movedFrom ? [LL.bookingEmails.rescheduled.earlier({ when: formatAppointmentTime(movedFrom, facts.psychologist.timezone, STAFF_LOCALE) })] : []),
        ],
        details: clientDetails(LL, facts),
        footer: footer(LL, appTitle),
      };
    },
    brand,
  );
}

/**
 * To the psychologist or the operator: the client cancelled through their link and erased their
 * data. It says when and with whom, and nothing of who: their name and contacts are gone.
 */
export function visitorErasedEmail(facts: Pick<AppointmentFacts, 'psychologist' | 'startUtc' | 'endUtc'>, brand: EmailBrand): RenderedEmail {
  const names = { psychologist: facts.psychologist.name, when: formatAppointmentTime(facts, facts.psychologist.timezone, STAFF_LOCALE) };
  return renderEmail(
    STAFF_LOCALE,
    (LL, appTitle) => ({
      subject: LL.bookingEmails.visitorErased.subject(names),
      heading: LL.bookingEmails.visitorErased.heading(),
      intro: [LL.bookingEmails.visitorErased.body({ ...names, appTitle })],
      details: [
        { label: LL.bookingEmails.details.psychologist(), value: names.psychologist },
        { label: LL.bookingEmails.details.when(), value: names.when },
      ],
      footer: footer(LL, appTitle),
    }),
    brand,
  );
}
