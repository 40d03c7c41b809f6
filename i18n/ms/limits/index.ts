import type { NamespaceLimitsTranslation } from '../../i18n-types';

const ms_limits = {
  requestTimeout: 'Permintaan mengambil masa terlalu lama untuk sampai. Sila semak sambungan anda dan cuba lagi.',
  availability: {
    tooFarAhead:
      'Slot hanya boleh dijana paling jauh {months} bulan ke hadapan. Pilih tarikh tamat pada atau sebelum {lastDate}.',
    tooManySlots:
      'Satu permintaan boleh menjana paling banyak {max} slot, dan permintaan ini akan menjana {count}. Pilih julat tarikh yang lebih pendek, hari yang lebih sedikit atau waktu yang lebih singkat, dan jana selebihnya dalam permintaan lain.',
  },
  slugReserved:
    'Nama syarikat ini dikhaskan untuk talian krisis, hospital awam atau pihak berkuasa kesihatan, supaya pelawat tidak pernah terkeliru tentang siapa yang mereka hubungi. Sila gunakan nama amalan anda sendiri.',
} satisfies NamespaceLimitsTranslation;

export default ms_limits;
