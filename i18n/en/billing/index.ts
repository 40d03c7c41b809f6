import type { BaseTranslation } from '../../i18n-types';
// Texts of the subscription screen (/subscribe). The product fixes the failure texts and
// the button labels word for word.
const en_billing = {
  title: 'Subscribe to Minda',
  intro: 'Unlock unlimited bookings, AI insights and e-mail notifications for your screener.',
  preparing: 'Preparing your subscription...',
  initFailed: 'Failed to initialize subscription. Please try again later.',
  alreadyActive: 'Your subscription is already active.',
  backToSetup: 'Back to admin setup',
  paymentLabel: 'Card details',
  subscribe: 'Subscribe Now',
  processing: 'Processing...',
  paymentFailed: 'Payment Failed',
  paymentFailedFallback: 'Your payment could not be completed. Please try again.',
  testModeTitle: 'Test mode — no payment is taken',
  testModeText:
    'Stripe is not configured on this server. Subscribe Now activates the subscription straight away, so the whole flow can be tried without a card.',
  activationFailed: 'Activation Failed',
  activationFailedFallback: 'The subscription could not be activated. Please try again.',
  activeTitle: 'Your subscription is active',
  activeText: 'Bookings through your screener are now unlimited. Admin setup shows your plan.',
} satisfies BaseTranslation;

export default en_billing;
