import type Stripe from 'stripe';

/** The one Stripe call this needs, so a test can hand it the fake's client. */
export type PaymentIntentsApi = Pick<Stripe['paymentIntents'], 'create'>;

export interface BookingPaymentIntentRequest {
  appointmentId: string;
  /** The clinic's connected account: a direct charge on it, so FPX (a Malaysian business's method) works. */
  connectedAccountId: string;
  /** Computed on the server from the clinic's policy and the psychologist's price; never from the browser. */
  amountSen: number;
  /** The methods the clinic's account has active, of card, FPX and GrabPay. */
  methods: readonly ('card' | 'fpx' | 'grabpay')[];
  /** The platform's fee, a setting (0 by default: Minda takes nothing for now, issue 28). */
  platformFeeSen: number;
}

/**
 * The PaymentIntent of a booking that is paid at once: one per appointment, however often the
 * visitor retries or the request is repeated. The idempotency key is the appointment's, so a
 * retried call answers the same intent; a second attempt (another method after a decline)
 * confirms that same intent again, as Stripe allows while it requires a payment method. Only
 * ids go to Stripe: no name, e-mail or phone (least data); Stripe's receipt link reaches the
 * visitor through our own mails.
 */
export async function createBookingPaymentIntent(paymentIntents: PaymentIntentsApi, request: BookingPaymentIntentRequest): Promise<{ id: string; clientSecret: string }> {
  const intent = await paymentIntents.create(
    {
      amount: request.amountSen,
      currency: 'myr',
      allowed_payment_method_types: [...request.methods],
      // Stripe accepts an application fee only above zero: none at all while the setting is 0.
      ...(request.platformFeeSen > 0 && { application_fee_amount: request.platformFeeSen }),
      metadata: { appointmentId: request.appointmentId },
    },
    { stripeAccount: request.connectedAccountId, idempotencyKey: `minda-booking-payment-${request.appointmentId}` },
  );
  if (!intent.client_secret) throw new Error(`Stripe answered PaymentIntent ${intent.id} without a client secret`);
  return { id: intent.id, clientSecret: intent.client_secret };
}
