import { z } from 'zod';

export const ZVisitorInfo = z.object({
  hasSpecialOffer: z.boolean(),
  daysRemaining: z.number().int().min(0),
});

/**
 * The REST contract's `{ clientSecret }`, plus what the page needs to show Stripe's form: the publishable
 * key. In test mode there is nothing to pay, and the page says so.
 */
export const ZCreateSubscriptionResponse = z.discriminatedUnion('testMode', [
  z.object({ testMode: z.literal(false), clientSecret: z.string(), publishableKey: z.string() }),
  z.object({ testMode: z.literal(true), clientSecret: z.null(), publishableKey: z.null() }),
]);

export const ZActivateTestSubscriptionResponse = z.object({ status: z.literal('active') });

export type CreateSubscriptionResponse = z.output<typeof ZCreateSubscriptionResponse>;
