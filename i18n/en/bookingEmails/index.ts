import type { BaseTranslation } from '../../i18n-types';
// Texts of the booking e-mails (server/mail/booking-emails.ts). The server escapes them for HTML.
// A visitor's subjects hold no text the clinic typed (a psychologist's name): a hold's first mail
// reaches any address a visitor types (docs/decisions/0039).
const en_bookingEmails = {
  greeting: 'Hello {name:string},',
  footer: 'You receive this e-mail because of an appointment booked through {appTitle:string}. Replies to this address are not read.',
  details: {
    psychologist: 'Psychologist',
    when: 'When',
    client: 'Client',
    email: 'E-mail',
    phone: 'Phone',
    clientTimezone: "Client's timezone",
    clinic: 'Clinic',
    whatsApp: 'WhatsApp',
  },
  hold: {
    subject: 'Please confirm your booking request',
    heading: 'Confirm your request',
    body: 'You asked to book a session with {psychologist:string} through {appTitle:string}. Please confirm within 30 minutes that the request is yours; until then the time is held for you.',
    action: 'Confirm my request',
    ignore: 'If you did not make this request, ignore this e-mail: the time will be released and nothing else happens.',
  },
  manage: 'See, change or cancel your appointment',
  client: {
    subject: 'Your booking was received',
    heading: 'Booking Received!',
    body: 'Thank you for booking through {appTitle:string}. {psychologist:string} will reach out to you to confirm your appointment.',
    calendar: 'The attached calendar file adds the appointment to your calendar.',
    calendarSummary: 'Appointment with {psychologist:string}',
    calendarDescription: 'Booked through {appTitle:string}. {psychologist:string} will reach out to you to confirm.',
    calendarConfirmed: 'Booked through {appTitle:string} and confirmed.',
    calendarCancelled: 'Cancelled. You are welcome to book another time through {appTitle:string}.',
  },
  calendarUpdate: 'The attached calendar file updates your calendar.',
  /** The psychologist's calendar subscription (server/psychologists/calendar-feed.ts): no client's details. */
  psychologistCalendar: {
    name: 'Sessions of {psychologist:string}',
    requested: 'Session (requested)',
    confirmed: 'Session',
    requestedDescription: 'Requested by a client; the clinic has not confirmed it yet.',
    confirmedDescription: 'Confirmed.',
    privacy: 'Who booked is in the booking e-mail and in the appointments list: this calendar carries no client details.',
    closedName: 'Closed calendar: the clinic closed its account',
  },
  /** A repeat measure's mails (issue 30): only the link, never the instrument's results. */
  measure: {
    subject: 'A short questionnaire before your next session',
    heading: 'How have you been?',
    body: 'Your psychologist at {appTitle:string} asks you to answer a short questionnaire. It takes a few minutes; your answers go only to your psychologist and the clinic’s care team.',
    reminderSubject: 'A reminder: your questionnaire is waiting',
    reminderBody: 'Your questionnaire from {appTitle:string} is still waiting for your answers.',
    action: 'Answer the questionnaire',
    expires: 'The link works until {when:string}.',
    stop: 'You can stop these questionnaires from the same page.',
  },
  reminder: {
    subject: 'A reminder of your appointment',
    heading: 'Your appointment is coming up',
    body: 'This is a reminder of your appointment with {psychologist:string} through {appTitle:string}.',
    change: 'If you cannot come, please cancel or reschedule from your appointment page so the time can go to someone else.',
  },
  rescheduled: {
    subject: 'Your appointment was moved',
    heading: 'Appointment rescheduled',
    body: 'Your appointment with {psychologist:string} through {appTitle:string} is now at the time below.',
    earlier: 'It was moved from: {when:string}. That time no longer stands.',
  },
  youCancelled: {
    subject: 'Your appointment is cancelled',
    heading: 'Appointment cancelled',
    body: 'Your appointment with {psychologist:string} through {appTitle:string} is cancelled, as you asked. You are welcome to book another time.',
  },
  visitorRescheduled: {
    subject: 'Moved by the client: {client:string} with {psychologist:string}',
    heading: 'Appointment moved by the client',
    body: '{client:string} moved their appointment with {psychologist:string} through {appTitle:string} to the time below. Their earlier time is free again.',
  },
  care: {
    contactPromptly: 'Contact promptly: this visitor answered the screener’s question about harming themselves. Please reach out to them as soon as you can.',
    resultsAttached: 'The visitor shared their screening results with the clinic. Sign in to see them with this booking in the appointments inbox; e-mails never carry them.',
  },
  psychologist: {
    subject: 'New booking: {client:string}',
    heading: 'New booking',
    body: '{client:string} booked a session with you through {appTitle:string}. Please reach out to them to confirm the appointment.',
  },
  operator: {
    subject: 'New booking for {psychologist:string}',
    heading: 'New booking',
    body: 'A visitor booked {psychologist:string} through your screener {appTitle:string}. They are waiting to hear from {psychologist:string} to confirm.',
    action: 'View appointments',
  },
  cancelled: {
    subject: 'Your appointment was cancelled',
    heading: 'Appointment cancelled',
    body: 'Your appointment with {psychologist:string} has been cancelled by {appTitle:string}. We are sorry for the inconvenience.',
    rebook: 'You are welcome to choose another time.',
    action: 'Book another time',
  },
  clinicClosed: {
    subject: 'Your appointment is cancelled: the clinic closed its account',
    heading: 'Your appointment is cancelled',
    body: '{clinic:string} has closed its account, so your appointment with {psychologist:string} below is cancelled and will not take place. Please contact the clinic directly about your care: its contact details are below.',
    crisisIntro: 'If you need to talk to someone now, these lines are there for you:',
    crisisLine: '{name:string}: {number:string}',
  },
  visitorCancelled: {
    subject: 'Cancelled by the client: {client:string} with {psychologist:string}',
    heading: 'Appointment cancelled by the client',
    body: '{client:string} cancelled their appointment with {psychologist:string} through {appTitle:string}. The time is free again for other visitors.',
  },
  visitorErased: {
    subject: 'Cancelled by the client, who erased their data: {psychologist:string}, {when:string}',
    heading: 'Appointment cancelled and the client’s data erased',
    body: 'The client of the appointment with {psychologist:string} on {when:string} cancelled it through {appTitle:string} and erased their personal data, as the PDPA allows them. The time is free again for other visitors. Their name and contact details are no longer held, so this notice cannot name them.',
  },
  answered: {
    confirmed: {
      subject: 'Your appointment is confirmed',
      heading: 'Appointment confirmed',
      body: '{appTitle:string} has confirmed your appointment with {psychologist:string}.',
    },
    declined: {
      subject: 'Your booking request was declined',
      heading: 'Request declined',
      body: '{appTitle:string} cannot take your request for an appointment with {psychologist:string}. The time is free again, and you are welcome to choose another.',
    },
    completed: {
      subject: 'Thank you for your session',
      heading: 'Session completed',
      body: '{appTitle:string} has marked your session with {psychologist:string} as completed. Thank you for coming.',
    },
    no_show: {
      subject: 'We missed you at your session',
      heading: 'Session missed',
      body: '{appTitle:string} has noted that you could not attend your session with {psychologist:string}. You are welcome to book another time.',
    },
    message: 'A message from the clinic: {message:string}',
  },
} satisfies BaseTranslation;

export default en_bookingEmails;
