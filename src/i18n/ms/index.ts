import type { Translation } from '../i18n-types';
import { assessment } from './assessment';

const ms = {
  appName: 'Minda',
  assessment,
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
