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
    clinic: 'Klinik',
    whatsApp: 'WhatsApp',
  },
  hold: {
    subject: 'Sila sahkan permintaan tempahan anda',
    heading: 'Sahkan permintaan anda',
    body: 'Anda meminta untuk menempah sesi dengan {psychologist} melalui {appTitle}. Sila sahkan dalam masa 30 minit bahawa permintaan ini milik anda; sehingga itu masa ini ditahan untuk anda.',
    action: 'Sahkan permintaan saya',
    ignore: 'Jika anda tidak membuat permintaan ini, abaikan e-mel ini: masa itu akan dilepaskan dan tiada apa-apa lagi berlaku.',
  },
  manage: 'Lihat, ubah atau batalkan janji temu anda',
  client: {
    subject: 'Tempahan anda telah diterima',
    heading: 'Tempahan Diterima!',
    body: 'Terima kasih kerana membuat tempahan melalui {appTitle}. {psychologist} akan menghubungi anda untuk mengesahkan janji temu anda.',
    calendar: 'Fail kalendar yang dilampirkan menambah janji temu ini ke dalam kalendar anda.',
    calendarSummary: 'Janji temu dengan {psychologist}',
    calendarDescription: 'Ditempah melalui {appTitle}. {psychologist} akan menghubungi anda untuk pengesahan.',
    calendarConfirmed: 'Ditempah melalui {appTitle} dan disahkan.',
    calendarCancelled: 'Dibatalkan. Anda dialu-alukan untuk menempah masa lain melalui {appTitle}.',
  },
  calendarUpdate: 'Fail kalendar yang dilampirkan mengemas kini kalendar anda.',
  psychologistCalendar: {
    name: 'Sesi {psychologist}',
    requested: 'Sesi (diminta)',
    confirmed: 'Sesi',
    requestedDescription: 'Diminta oleh klien; klinik belum mengesahkannya.',
    confirmedDescription: 'Disahkan.',
    privacy: 'Siapa yang menempah ada dalam e-mel tempahan dan senarai janji temu: kalendar ini tidak membawa butiran klien.',
    closedName: 'Kalendar ditutup: klinik telah menutup akaunnya',
  },
  /** A repeat measure's mails (issue 30): only the link, never the instrument's results. */
  measure: {
    subject: 'Soal selidik ringkas sebelum sesi anda yang seterusnya',
    heading: 'Bagaimana keadaan anda?',
    body: 'Ahli psikologi anda di {appTitle} meminta anda menjawab satu soal selidik ringkas. Ia mengambil masa beberapa minit; jawapan anda hanya sampai kepada ahli psikologi anda dan pasukan penjagaan klinik.',
    reminderSubject: 'Peringatan: soal selidik anda sedang menunggu',
    reminderBody: 'Soal selidik anda daripada {appTitle} masih menunggu jawapan anda.',
    action: 'Jawab soal selidik',
    expires: 'Pautan ini sah sehingga {when}.',
    stop: 'Anda boleh menghentikan soal selidik ini dari halaman yang sama.',
  },
  reminder: {
    subject: 'Peringatan tentang janji temu anda',
    heading: 'Janji temu anda semakin hampir',
    body: 'Ini peringatan tentang janji temu anda dengan {psychologist} melalui {appTitle}.',
    change: 'Jika anda tidak dapat hadir, sila batalkan atau tukar masa di halaman janji temu anda supaya masa itu boleh diberikan kepada orang lain.',
  },
  rescheduled: {
    subject: 'Janji temu anda telah dipindahkan',
    heading: 'Janji temu dijadualkan semula',
    body: 'Janji temu anda dengan {psychologist} melalui {appTitle} kini pada masa di bawah.',
    earlier: 'Ia dipindahkan daripada: {when}. Masa itu tidak lagi terpakai.',
  },
  youCancelled: {
    subject: 'Janji temu anda dibatalkan',
    heading: 'Janji temu dibatalkan',
    body: 'Janji temu anda dengan {psychologist} melalui {appTitle} telah dibatalkan, seperti yang anda minta. Anda dialu-alukan untuk menempah masa lain.',
  },
  visitorRescheduled: {
    subject: 'Dipindahkan oleh klien: {client} dengan {psychologist}',
    heading: 'Janji temu dipindahkan oleh klien',
    body: '{client} telah memindahkan janji temu mereka dengan {psychologist} melalui {appTitle} ke masa di bawah. Masa asal mereka kini kosong semula.',
  },
  care: {
    contactPromptly: 'Hubungi segera: pelawat ini menjawab soalan saringan tentang mencederakan diri. Sila hubungi mereka secepat mungkin.',
    resultsAttached: 'Pelawat berkongsi keputusan saringan mereka dengan klinik. Log masuk untuk melihatnya bersama tempahan ini dalam peti masuk janji temu; e-mel tidak pernah membawanya.',
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
    subject: 'Janji temu anda telah dibatalkan',
    heading: 'Janji temu dibatalkan',
    body: 'Janji temu anda dengan {psychologist} telah dibatalkan oleh {appTitle}. Kami memohon maaf atas kesulitan ini.',
    rebook: 'Anda dialu-alukan untuk memilih masa lain.',
    action: 'Tempah masa lain',
  },
  clinicClosed: {
    subject: 'Janji temu anda dibatalkan: klinik telah menutup akaunnya',
    heading: 'Janji temu anda dibatalkan',
    body: '{clinic} telah menutup akaunnya, jadi janji temu anda dengan {psychologist} di bawah dibatalkan dan tidak akan berlangsung. Sila hubungi klinik secara terus mengenai rawatan anda: butiran hubungannya ada di bawah.',
    crisisIntro: 'Jika anda perlu bercakap dengan seseorang sekarang, talian ini sedia membantu:',
    crisisLine: '{name}: {number}',
  },
  visitorCancelled: {
    subject: 'Dibatalkan oleh klien: {client} dengan {psychologist}',
    heading: 'Janji temu dibatalkan oleh klien',
    body: '{client} telah membatalkan janji temu mereka dengan {psychologist} melalui {appTitle}. Masa itu kini kosong semula untuk pelawat lain.',
  },
  visitorErased: {
    subject: 'Dibatalkan oleh klien, yang telah memadam data mereka: {psychologist}, {when}',
    heading: 'Janji temu dibatalkan dan data klien dipadam',
    body: 'Klien bagi janji temu dengan {psychologist} pada {when} telah membatalkannya melalui {appTitle} dan memadam data peribadi mereka, seperti yang dibenarkan oleh PDPA. Masa itu kini kosong semula untuk pelawat lain. Nama dan butiran hubungan mereka tidak lagi disimpan, jadi notis ini tidak dapat menamakan mereka.',
  },
  answered: {
    confirmed: {
      subject: 'Janji temu anda telah disahkan',
      heading: 'Janji temu disahkan',
      body: '{appTitle} telah mengesahkan janji temu anda dengan {psychologist}.',
    },
    declined: {
      subject: 'Permintaan tempahan anda ditolak',
      heading: 'Permintaan ditolak',
      body: '{appTitle} tidak dapat menerima permintaan janji temu anda dengan {psychologist}. Masa itu kini kosong semula, dan anda dialu-alukan untuk memilih masa lain.',
    },
    completed: {
      subject: 'Terima kasih atas sesi anda',
      heading: 'Sesi selesai',
      body: '{appTitle} telah menandakan sesi anda dengan {psychologist} sebagai selesai. Terima kasih kerana hadir.',
    },
    no_show: {
      subject: 'Kami tidak bertemu anda di sesi anda',
      heading: 'Sesi terlepas',
      body: '{appTitle} mendapati anda tidak dapat menghadiri sesi anda dengan {psychologist}. Anda dialu-alukan untuk menempah masa lain.',
    },
    message: 'Mesej daripada klinik: {message}',
  },
} satisfies NamespaceBookingEmailsTranslation;

export default ms_bookingEmails;
