import type { NamespaceBillingTranslation } from '../../i18n-types';

const ms_billing = {
  title: 'Langgan Minda',
  intro: 'Buka tempahan tanpa had, pandangan AI dan pemberitahuan e-mel untuk saringan anda.',
  preparing: 'Menyediakan langganan anda...',
  initFailed: 'Gagal memulakan langganan. Sila cuba lagi kemudian.',
  alreadyActive: 'Langganan anda sudah aktif.',
  backToSetup: 'Kembali ke tetapan pentadbir',
  paymentLabel: 'Butiran kad',
  subscribe: 'Langgan Sekarang',
  processing: 'Sedang diproses...',
  paymentFailed: 'Pembayaran Gagal',
  paymentFailedFallback: 'Pembayaran anda tidak dapat diselesaikan. Sila cuba lagi.',
  testModeTitle: 'Mod ujian — tiada bayaran dikenakan',
  testModeText:
    'Stripe tidak dikonfigurasikan pada pelayan ini. Langgan Sekarang mengaktifkan langganan serta-merta, supaya keseluruhan aliran boleh dicuba tanpa kad.',
  activationFailed: 'Pengaktifan Gagal',
  activationFailedFallback: 'Langganan tidak dapat diaktifkan. Sila cuba lagi.',
  activeTitle: 'Langganan anda kini aktif',
  activeText: 'Tempahan melalui saringan anda kini tanpa had. Tetapan pentadbir menunjukkan pelan anda.',
} satisfies NamespaceBillingTranslation;

export default ms_billing;
