import type { NamespacePricingTranslation } from '../../i18n-types';

const ms_pricing = {
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
} satisfies NamespacePricingTranslation;

export default ms_pricing;
