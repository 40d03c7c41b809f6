import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { STATUS_POLL_MS } from '../../domain/appointment-status';
import { type RouterOutputs, trpc } from '../lib/trpc';

/** A paid hold waiting for its payment: the booker's token opens its payment step and its status (docs/decisions/0062). */
export interface PaidHold {
  appointmentId: string;
  token: string;
}

/** Where a paid hold stands, as public.bookingPayment answers. */
export type PaymentState = RouterOutputs['public']['bookingPayment'];


/** Out of the hold for good: paid and booked, or ended meanwhile. A lapsed hold is not: the step says so itself. */
function settledOf(state: PaymentState | undefined): PaymentState | null {
  return state && state.status !== 'held' && state.status !== 'expired' ? state : null;
}

/** Tells `onSettled` once when the booking leaves the hold: the parent closes the step in answer, and a render before that must not tell it twice. */
export function useOnSettled(state: PaymentState | undefined, onSettled: (state: PaymentState) => void): void {
  const settled = settledOf(state);
  const told = useRef(false);
  useEffect(() => {
    if (!settled || told.current) return;
    told.current = true;
    onSettled(settled);
  }, [settled, onSettled]);
}

/**
 * The hold's payment step (amount, hold, policy and PaymentIntent), asked once: after a redirect
 * or a reload the server answers the same PaymentIntent again, so it never needs asking twice.
 */
export function useHoldStep(hold: PaidHold) {
  const utils = trpc.useUtils();
  return useQuery({
    queryKey: ['bookingPayment', hold.appointmentId],
    queryFn: () => utils.client.public.bookingPayment.mutate(hold),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/**
 * Where the hold stands, asked every few seconds while `enabled` and until it leaves the hold.
 * The read asks Stripe nothing and does not count against the payment step's bound, so a long
 * wait for a bank's webhook cannot use the step up (docs/decisions/0062).
 */
export function useHoldStatus(hold: PaidHold, enabled: boolean) {
  const utils = trpc.useUtils();
  return useQuery({
    queryKey: ['bookingPaymentStatus', hold.appointmentId],
    queryFn: () => utils.client.public.bookingPayment.mutate({ ...hold, statusOnly: true }),
    enabled,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'held' ? false : STATUS_POLL_MS),
  });
}
