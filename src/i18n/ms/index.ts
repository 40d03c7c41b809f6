import type { Translation } from '../i18n-types';
import { assessment } from './assessment';
import { emails } from './emails';

const ms = {
  appName: 'Minda',
  assessment,
  emails,
  common: {
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
    tryTitle: 'Cuba Sekarang – Ujian Contoh',
    tryText: 'Mengambil masa kurang daripada 2 minit. Tiada pendaftaran diperlukan.',
    tryButton: 'Mulakan ujian contoh',
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
  },
} satisfies Translation;

export default ms;
