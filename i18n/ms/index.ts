import type { Translation } from '../i18n-types';

const ms = {
  appName: 'Minda',
  common: {
    dismiss: 'Tutup',
    adminLogin: 'Log Masuk Pentadbir',
    backHome: 'Kembali ke laman utama',
    disclaimer:
      'Alat ini hanya untuk refleksi diri dan kesedaran. Ia bukan alat diagnostik. Seorang profesional yang bertauliah akan menyemak keputusan anda dan membimbing anda seterusnya.',
    copyright: '© {year} {owner}. Hak cipta terpelihara.',
    footerNotice: 'Ini ialah alat saringan kendiri dan tidak memberikan diagnosis perubatan.',
    poweredBy: 'Dikuasakan oleh Minda',
  },
  notFound: {
    title: '404 Halaman Tidak Ditemui',
    hint: 'Adakah anda terlupa menambah halaman ini pada penghala?',
  },
  screener: {
    loading: 'Memuatkan konfigurasi saringan...',
    loadFailed: 'Gagal memuatkan konfigurasi saringan.',
    loadFailedHint: 'Sila muat semula halaman atau hubungi pentadbir.',
    beforeWeBegin: 'Sebelum Kita Bermula',
    anonymous: 'Tanpa Nama & Sulit',
    switchLanguage: 'English',
    switchLanguageLabel: 'Read in English',
    progressLabel: 'Kemajuan saringan',
    progress: '{position} daripada {total}',
    questionOf: 'Soalan {position} daripada {total}',
    previous: 'Sebelumnya',
    next: 'Seterusnya',
    complete: 'Selesai',
    viewResults: 'Lihat Keputusan',
    loadingQuestion: 'Memuatkan...',
    loadingQuestions: 'Memuatkan soalan...',
    noQuestion: 'Tiada soalan tersedia',
    answerOptions: 'Pilihan jawapan',
    followUpLabel: 'Jawapan anda (pilihan)',
    continue: 'Teruskan',
    skip: 'Langkau',
    partFailed: 'Bahagian ini tidak dapat dimuatkan. Semak sambungan anda dan cuba lagi.',
    tryAgain: 'Cuba lagi',
    needHelp: 'Perlukan bantuan sekarang?',
    defaults: {
      title: 'Saringan Kesejahteraan DASS-21',
      description: 'Alat sokongan untuk membantu anda merenung tentang kesejahteraan diri',
    },
    consent: {
      importantTitle: 'Penting',
      important:
        'Saringan ini hanya untuk refleksi dan kesedaran diri. Ia bukan satu diagnosis. Seorang profesional yang bertauliah akan menyemak keputusan anda dan membimbing anda tentang langkah seterusnya. Jika anda dalam krisis atau berasa tidak selamat, sila hubungi perkhidmatan kecemasan atau talian bantuan krisis dengan segera.',
      whatThisDoesTitle: 'Apa yang dilakukan oleh alat ini',
      whatThisDoes:
        'Mengemukakan beberapa soalan ringkas tentang perasaan anda kebelakangan ini\nMemberikan skor anda berserta penjelasan yang mudah difahami\nMenawarkan tip kesejahteraan peribadi dan pilihan untuk menempah temu janji dengan profesional',
      privacyTitle: 'Privasi anda',
      privacy:
        'Jawapan anda tanpa nama: anda tidak perlu memberikan nama atau log masuk untuk menjawab saringan ini\nJawapan anda digunakan untuk menyediakan keputusan dan tip kesejahteraan anda, dan hanya sampai kepada klinik jika anda memilih untuk berkongsi keputusan anda semasa menempah temu janji\nButiran perhubungan hanya diminta jika anda memilih untuk menempah temu janji',
      privacyAiOn:
        'Untuk menulis tip kesejahteraan anda, skor dan jawapan susulan anda, tanpa nama atau butiran perhubungan, dihantar kepada perkhidmatan AI',
      privacyAiOff: 'Tip kesejahteraan anda ditulis di sini; jawapan anda tidak dihantar kepada mana-mana perkhidmatan AI',
      privacyCounts: 'Klinik menyimpan kiraan harian tanpa nama (saringan yang dimulakan dan diselesaikan, tahap yang dicapai); tiada apa-apa di dalamnya yang mengenal pasti anda',
      ageQuestion: 'Sila pilih kumpulan umur anda',
      ageGroups: {
        belowMinimumAge: 'Bawah {age} tahun',
        meetsMinimumAge: '{age} tahun ke atas',
      },
      underAge:
        'Alat ini direka untuk individu berumur {age} tahun dan ke atas. Kami menggalakkan anda berbincang tentang kesejahteraan anda dengan orang dewasa yang anda percayai, ibu bapa atau penyedia penjagaan kesihatan.',
      consentButton: 'Saya faham dan bersetuju untuk meneruskan',
    },
  },
} satisfies Translation;

export default ms;
