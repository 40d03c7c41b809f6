import type { NamespaceLandingTranslation } from '../../i18n-types';

const ms_landing = {
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
} satisfies NamespaceLandingTranslation;

export default ms_landing;
