/** The subscription's prices in ringgit and the free-booking allowance. */
export const PRICING = {
  originalMonthly: 99,
  offerMonthly: 39,
  offerMonths: 3,
  launchMonthly: 79,
  freeBookings: 3,
} as const;

export interface VisitorInfo {
  hasSpecialOffer: boolean;
  daysRemaining: number;
}

/** A failed or missing visitor-info answer shows the ongoing launch price. */
export const NO_OFFER: VisitorInfo = { hasSpecialOffer: false, daysRemaining: 0 };
