import type { Translation } from '../i18n-types';
import { admin } from './admin';
import { assessment } from './assessment';
import { emails } from './emails';

const ms = {
  appName: 'Minda',
  admin,
  assessment,
  emails,
  common: {
    dismiss: 'Tutup',
    adminLogin: 'Log Masuk Pentadbir',
    backHome: 'Kembali ke laman utama',
    disclaimer:
      'Alat ini hanya untuk refleksi diri dan kesedaran. Ia bukan alat diagnostik. Seorang profesional yang bertauliah akan menyemak keputusan anda dan membimbing anda seterusnya.',
    copyright: '© {year} Minda. Hak cipta terpelihara.',
    footerNotice: 'Minda ialah alat saringan kendiri dan tidak memberikan diagnosis perubatan.',
  },
  landing: {
    heroTitle: 'Saringan Kesihatan Mental Dipermudahkan',
    heroText:
      'Saringan kendiri tanpa nama berasaskan bukti dalam bahasa Inggeris dan bahasa Melayu, dengan pandangan segera dan tempahan mudah bersama profesional.',
    heroCta: 'Cuba ujian contoh',
    whatTitle: 'Apakah alat ini?',
    whatText:
      'Minda membolehkan klinik, pusat dan ahli psikologi menawarkan semakan kesejahteraan yang ringkas dan tanpa nama di laman web mereka sendiri. Pelawat menjawab soal selidik yang disahkan, melihat skor mereka diterangkan dalam bahasa mudah, mendapat tip kesejahteraan, dan boleh menempah sesi dengan profesional.',
    note: 'Nota: Alat ini hanya untuk refleksi diri dan kesedaran. Ia bukan alat diagnostik. Seorang profesional yang bertauliah akan menyemak keputusan anda dan membimbing anda seterusnya.',
    testsTitle: 'Ujian Yang Tersedia',
    questionCount: '{count} soalan',
    tests: {
      dass21: { name: 'DASS-21', description: 'Kemurungan, kebimbangan dan tekanan sepanjang minggu lepas.' },
      whooley: { name: 'Soalan Whooley', description: 'Dua soalan ringkas untuk saringan kemurungan.' },
      phq9: { name: 'PHQ-9', description: 'Kekerapan anda terganggu oleh perasaan sedih dan masalah berkaitan dalam 2 minggu lepas.' },
      gad7: { name: 'GAD-7', description: 'Kekerapan anda terganggu oleh kerisauan dan kebimbangan dalam 2 minggu lepas.' },
    },
    tipsTitle: 'Tip Kesejahteraan Berkuasa AI',
    tips: {
      personalized: {
        title: 'Cadangan Peribadi',
        text: 'Idea praktikal berdasarkan skor anda sendiri, dalam bahasa anda.',
      },
      nextSteps: {
        title: 'Langkah Seterusnya Yang Disyorkan',
        text: 'Panduan jelas tentang bila dan bagaimana untuk mendapatkan sokongan profesional.',
      },
      resources: {
        title: 'Sumber & Strategi Menangani',
        text: 'Talian bantuan dan teknik harian untuk menangani tekanan yang boleh anda mulakan hari ini.',
      },
    },
    howTitle: 'Cara Ia Berfungsi',
    steps: {
      test: { title: 'Ambil ujian ringkas', text: 'Jawab beberapa soalan ringkas tanpa mendedahkan identiti.' },
      insights: { title: 'Dapatkan pandangan AI segera', text: 'Lihat skor anda, maksudnya dan pelan kesejahteraan.' },
      book: { title: 'Tempah janji temu', text: 'Pilih ahli psikologi dan masa yang sesuai untuk anda.' },
    },
    pricingTitle: 'Harga Mudah dan Telus',
    getStarted: 'Mulakan Sekarang',
    tryTitle: 'Cuba Sekarang – Ujian Contoh',
    tryText: 'Mengambil masa kurang daripada 2 minit. Tiada pendaftaran diperlukan.',
    tryButton: 'Mulakan ujian contoh',
  },
  pricing: {
    planName: 'Minda untuk Klinik',
    originalPrice: 'RM{price}',
    perMonth: 'RM{price} / bulan',
    offerTerms: 'untuk {months} bulan pertama, kemudian RM{then} / bulan',
    countdown: 'Langgan dalam tempoh {days} hari untuk menikmati harga ini!',
    daysLeft: '{days} hari lagi pada harga ini!',
    specialOffer: 'Tawaran pelancaran istimewa',
    launchPrice: 'Harga pelancaran berterusan',
    freeBookings: '{count} tempahan percuma, kemudian tanpa had selepas melanggan',
    features: {
      screener: 'Saringan berjenama dalam bahasa Inggeris dan bahasa Melayu',
      insights: 'Pandangan AI dan pelan kesejahteraan untuk pelawat',
      emails: 'Pemberitahuan e-mel untuk setiap tempahan',
    },
    cancelAnytime: 'Batal bila-bila masa',
  },
  comingSoon: {
    title: 'Akan datang',
    text: 'Halaman ini sedang dibina dan akan tersedia tidak lama lagi.',
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
  },
  results: {
    title: 'Keputusan Anda',
    disclaimerTitle: 'Penafian perubatan',
    disclaimer:
      'Keputusan ini diperoleh daripada soal selidik saringan kendiri. Ia bukan diagnosis dan tidak menggantikan penilaian oleh profesional yang bertauliah, yang boleh menyemak keputusan anda dan membimbing anda seterusnya.',
    outOf: 'daripada {max}',
    whooley: 'Whooley',
    takeScreenerAgain: 'Ambil Saringan Semula',
    takeAssessmentAgain: 'Ambil Penilaian Semula',
  },
  insights: {
    title: 'Pandangan Peribadi',
    generating: 'Menjana pandangan peribadi...',
    failed: 'Analisis peribadi tidak dapat dijana buat masa ini.',
    summary: 'Ringkasan',
    recommendations: 'Cadangan',
  },
} satisfies Translation;

export default ms;
