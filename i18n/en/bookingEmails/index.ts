import type { BaseTranslation } from '../../i18n-types';
// Texts of the booking e-mails (server/mail/booking-emails.ts). The server escapes them for HTML.
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
  },
  client: {
    subject: 'Booking received: {psychologist:string}',
    heading: 'Booking Received!',
    body: 'Thank you for booking through {appTitle:string}. {psychologist:string} will reach out to you to confirm your appointment.',
    calendar: 'The attached calendar file adds the appointment to your calendar.',
    calendarSummary: 'Appointment with {psychologist:string}',
    calendarDescription: 'Booked through {appTitle:string}. {psychologist:string} will reach out to you to confirm.',
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
    subject: 'Your appointment with {psychologist:string} was cancelled',
    heading: 'Appointment cancelled',
    body: 'Your appointment with {psychologist:string} has been cancelled by {appTitle:string}. We are sorry for the inconvenience.',
    rebook: 'You are welcome to choose another time.',
    action: 'Book another time',
  },
} satisfies BaseTranslation;

export default en_bookingEmails;
