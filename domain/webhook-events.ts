import type { AppointmentStatus } from './appointment-status';

// The events apart from where they may go (webhooks.ts), so the admin's client imports their
// names without the address rules and their library.

/**
 * What a clinic's own systems hear of its appointments (issue 13). A hold and its expiry are not
 * the clinic's business until the visitor confirms their e-mail, so they send nothing.
 * `attendance_confirmed` is the visitor's "I'll be there" to a WhatsApp reminder (issue 29).
 */
export const APPOINTMENT_EVENT_TYPES = [
  'appointment.requested',
  'appointment.confirmed',
  'appointment.declined',
  'appointment.cancelled',
  'appointment.rescheduled',
  'appointment.completed',
  'appointment.no_show',
  'appointment.attendance_confirmed',
] as const;
export type AppointmentEventType = (typeof APPOINTMENT_EVENT_TYPES)[number];

/** What they hear of the money (issue 28): a visitor paid at booking, or the clinic refunded. */
export const PAYMENT_EVENT_TYPES = ['payment.succeeded', 'payment.refunded'] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

/** Every event an endpoint may choose. */
export const WEBHOOK_EVENT_TYPES = [...APPOINTMENT_EVENT_TYPES, ...PAYMENT_EVENT_TYPES] as const;
export type SubscribableEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The event the admin's "Send test event" sends. */
export type WebhookEventType = SubscribableEventType | 'webhook.test';

/**
 * The version of the events' bodies, in every body's `apiVersion` (docs/decisions/0057). A date,
 * as Stripe's: changed only when a field changes meaning or goes; new fields do not change it.
 */
export const WEBHOOK_API_VERSION = '2026-11-29';

/** Whether an endpoint that chose `eventTypes` (null: every type) receives `type`. */
export const endpointReceives = (eventTypes: readonly SubscribableEventType[] | null, type: SubscribableEventType): boolean =>
  eventTypes === null || eventTypes.includes(type);

/** The event of a change from one status to another (the same status: a new time), or null. */
export function webhookEventOf(from: AppointmentStatus | null, to: AppointmentStatus): AppointmentEventType | null {
  if (to === 'held' || to === 'expired') return null;
  if (from === 'held' && to === 'cancelled') return null;
  if (from === to) return 'appointment.rescheduled';
  return `appointment.${to}`;
}
