import type { NamespaceEmailsTranslation } from '../../i18n-types';

const ms_emails = {
  greeting: 'Hai {username},',
  linkHint: 'Jika butang tidak berfungsi, salin alamat ini ke dalam pelayar anda:',
  footer: 'E-mel ini dihantar oleh {appName} berkenaan akaun operator anda. Balasan tidak dibaca.',
  passwordReset: {
    subject: 'Tetapkan semula kata laluan {appName} anda',
    heading: 'Tetapkan semula kata laluan anda',
    body: 'Kami menerima permintaan untuk menetapkan semula kata laluan akaun {appName} anda. Pilih kata laluan baharu dengan butang di bawah. Pautan ini akan tamat tempoh dalam 1 jam dan hanya boleh digunakan sekali.',
    action: 'Tetapkan Semula Kata Laluan',
    ignore: 'Jika anda tidak membuat permintaan ini, abaikan sahaja e-mel ini: kata laluan anda kekal seperti sedia ada.',
  },
  passwordChanged: {
    subject: 'Kata laluan {appName} anda telah ditukar',
    heading: 'Kata laluan anda telah ditukar',
    body: 'Kata laluan akaun {appName} anda telah ditukar, dan semua peranti yang log masuk ke akaun itu telah dilog keluar.',
    notYou: 'Jika bukan anda yang melakukannya, minta tetapan semula kata laluan baharu dengan segera:',
    action: 'Tetapkan Semula Kata Laluan',
  },
  loginThrottled: {
    subject: 'Kata laluan salah untuk akaun {appName} anda',
    heading: 'Seseorang berulang kali memasukkan kata laluan yang salah',
    body: 'Seseorang telah memasukkan kata laluan yang salah untuk akaun {appName} anda sebanyak {times} kali berturut-turut. Untuk melindunginya, setiap cubaan log masuk seterusnya kini perlu menunggu beberapa minit.',
    ifYou: 'Jika itu anda, tunggu beberapa minit dan cuba lagi, atau pilih kata laluan baharu:',
    notYou: 'Jika bukan anda, kata laluan anda tidak terdedah, tetapi pertimbangkan untuk memilih kata laluan yang lebih panjang.',
    action: 'Tetapkan Semula Kata Laluan',
  },
  invitation: {
    subject: 'Jemputan ke pasukan klinik di {appName}',
    heading: 'Anda dijemput ke pasukan klinik',
    body: 'Seseorang di sebuah klinik yang menggunakan {appName} menjemput anda menyertai pasukannya. Mereka menggambarkan klinik itu sebagai: “{clinic}”',
    notOurs: 'Itu kata-kata mereka, bukan kata-kata kami: {appName} tidak menyemaknya.',
    invitedBy: '{inviter}, ahli pasukan itu, menjemput anda untuk menyertainya sebagai {role}.',
    howToJoin: 'Untuk menyertai, pilih nama pengguna dan kata laluan, atau log masuk dengan akaun sedia ada anda. Pautan ini akan tamat tempoh dalam 72 jam dan hanya berfungsi sekali.',
    action: 'Terima Jemputan',
    ignore: 'Jika anda tidak mengenali klinik ini atau tidak menjangkakan e-mel ini, abaikan sahaja: tiada apa-apa berlaku melainkan anda membuka pautan itu.',
  },
  emailVerification: {
    subject: 'Sahkan alamat e-mel anda untuk {appName}',
    heading: 'Sahkan alamat e-mel anda',
    body: 'Sila sahkan bahawa alamat ini milik anda. Selagi belum disahkan, klinik anda tidak boleh menjemput sesiapa ke pasukannya atau mendaftarkan webhook. Pautan ini akan tamat tempoh dalam 7 hari.',
    action: 'Sahkan Alamat E-mel',
    ignore: 'Jika anda tidak membuat akaun di {appName}, abaikan e-mel ini: tiada apa-apa berubah melainkan anda membuka pautan itu dan menekan butangnya.',
  },
  measureAlert: {
    subject: 'Soal selidik seorang klien perlu diberi perhatian',
    heading: 'Soal selidik seorang klien perlu diberi perhatian',
    body: 'Jawapan seorang klien kepada soal selidik berulang di {appName} perlu diberi perhatian. Log masuk untuk melihat klien yang mana, dan akui amaran ini setelah seseorang menelitinya.',
    escalatedSubject: 'Masih belum diakui: soal selidik seorang klien perlu diberi perhatian',
    escalatedHeading: 'Masih belum diakui selepas 24 jam',
    escalatedBody: 'Jawapan seorang klien kepada soal selidik berulang di {appName} perlu diberi perhatian sejak 24 jam yang lalu, dan belum ada sesiapa yang mengakuinya. Log masuk untuk melihat klien yang mana, dan akui amaran ini setelah seseorang menelitinya.',
    action: 'Buka Hari Ini',
    footer: 'E-mel ini dihantar oleh {appName} kepada ahli psikologi, pemilik dan pentadbir klinik. Balasan tidak dibaca.',
  },
} satisfies NamespaceEmailsTranslation;

export default ms_emails;
