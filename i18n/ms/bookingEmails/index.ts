import type { NamespaceBookingEmailsTranslation } from '../../i18n-types';

const ms_bookingEmails = {
  greeting: 'Hai {name},',
  footer: 'Anda menerima e-mel ini kerana janji temu yang ditempah melalui {appTitle}. Balasan kepada alamat ini tidak dibaca.',
  details: {
    psychologist: 'Ahli psikologi',
    when: 'Masa',
    client: 'Klien',
    email: 'E-mel',
    phone: 'Telefon',
    clientTimezone: 'Zon waktu klien',
  },
  client: {
    subject: 'Tempahan diterima: {psychologist}',
    heading: 'Tempahan Diterima!',
    body: 'Terima kasih kerana membuat tempahan melalui {appTitle}. {psychologist} akan menghubungi anda untuk mengesahkan janji temu anda.',
    calendar: 'Fail kalendar yang dilampirkan menambah janji temu ini ke dalam kalendar anda.',
    calendarSummary: 'Janji temu dengan {psychologist}',
    calendarDescription: 'Ditempah melalui {appTitle}. {psychologist} akan menghubungi anda untuk pengesahan.',
  },
  psychologist: {
    subject: 'Tempahan baharu: {client}',
    heading: 'Tempahan baharu',
    body: '{client} telah menempah sesi dengan anda melalui {appTitle}. Sila hubungi mereka untuk mengesahkan janji temu.',
  },
  operator: {
    subject: 'Tempahan baharu untuk {psychologist}',
    heading: 'Tempahan baharu',
    body: 'Seorang pelawat telah menempah {psychologist} melalui saringan anda {appTitle}. Mereka menunggu {psychologist} menghubungi untuk pengesahan.',
    action: 'Lihat janji temu',
  },
  cancelled: {
    subject: 'Janji temu anda dengan {psychologist} telah dibatalkan',
    heading: 'Janji temu dibatalkan',
    body: 'Janji temu anda dengan {psychologist} telah dibatalkan oleh {appTitle}. Kami memohon maaf atas kesulitan ini.',
    rebook: 'Anda dialu-alukan untuk memilih masa lain.',
    action: 'Tempah masa lain',
  },
} satisfies NamespaceBookingEmailsTranslation;

export default ms_bookingEmails;
