import type { BaseTranslation } from '../../i18n-types';

const en_pricing = {
  planName: 'Minda for Clinics',
  originalPrice: 'RM{price:number}',
  perMonth: 'RM{price:number} / month',
  offerTerms: 'for the first {months:number} months, then RM{then:number} / month',
  countdown: 'Subscribe within {days:number} {{day|days}} to enjoy this price!',
  daysLeft: '{days:number} {{day|days}} left at this price!',
  specialOffer: 'Special launch offer',
  launchPrice: 'Ongoing launch price',
  freeBookings: '{count:number} free bookings, then unlimited after subscription',
  features: {
    screener: 'Branded screener in English and Malay',
    insights: 'AI insights and wellbeing plans for visitors',
    emails: 'E-mail notifications for every booking',
  },
  cancelAnytime: 'Cancel anytime',
} satisfies BaseTranslation;

export default en_pricing;
