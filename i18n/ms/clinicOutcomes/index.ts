import type { NamespaceClinicOutcomesTranslation } from '../../i18n-types';

const ms_clinicOutcomes = {
  title: 'Hasil rawatan',
  intro:
    'Bagaimana klien anda yang diukur dalam tempoh ini berubah sejak garis dasar mereka (saringan yang dikongsi, atau ukuran pertama mereka), mengikut ukuran terakhir mereka. Kiraan di bawah 5 disembunyikan supaya tiada angka yang menunjuk kepada seorang klien.',
  period: 'Tempoh: yang lalu',
  months: '{months} bulan',
  loadFailed: 'Hasil rawatan tidak dapat dimuatkan.',
  caption: 'Hasil rawatan klien yang diukur dalam {months} bulan lalu',
  who: 'Siapa',
  clinic: 'Seluruh klinik',
  measured: 'Klien diukur',
  compared: 'Dengan garis dasar dan skor kemudian',
  share: '{count} ({percent}%)',
  fewerThanFive: 'kurang daripada 5',
  source:
    'Bahagian dikira daripada klien yang mempunyai garis dasar dan skor kemudian. Peraturan: ambang perubahan yang boleh dipercayai dan kes klinikal manual NHS Talking Therapies untuk PHQ-9 dan GAD-7; indeks perubahan yang boleh dipercayai Jacobson dan Truax untuk skala DASS-21.',
} satisfies NamespaceClinicOutcomesTranslation;

export default ms_clinicOutcomes;
