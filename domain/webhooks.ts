import type { AppointmentStatus } from './appointment-status';

/**
 * What a clinic's own systems hear of its appointments (issue 13). A hold and its expiry are not
 * the clinic's business until the visitor confirms their e-mail, so they send nothing.
 */
export const WEBHOOK_EVENT_TYPES = [
  'appointment.requested',
  'appointment.confirmed',
  'appointment.declined',
  'appointment.cancelled',
  'appointment.rescheduled',
  'appointment.completed',
  'appointment.no_show',
] as const;
export type AppointmentEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The event the admin's "Send test event" sends. */
export type WebhookEventType = AppointmentEventType | 'webhook.test';

/** Endpoints one clinic may register. */
export const MAX_WEBHOOK_ENDPOINTS = 5;

/** The event of a change from one status to another (the same status: a new time), or null. */
export function webhookEventOf(from: AppointmentStatus | null, to: AppointmentStatus): AppointmentEventType | null {
  if (to === 'held' || to === 'expired') return null;
  if (from === 'held' && to === 'cancelled') return null;
  if (from === to) return 'appointment.rescheduled';
  return `appointment.${to}`;
}

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
const PRIVATE_HOST = /^(10(\.\d{1,3}){3}|192\.168(\.\d{1,3}){2}|172\.(1[6-9]|2\d|3[01])(\.\d{1,3}){2}|169\.254(\.\d{1,3}){2}|0\.0\.0\.0|\[(f[cd]|fe80)[0-9a-f:]*\])$/i;

export type WebhookUrlProblem = 'httpsRequired' | 'privateAddress';

/**
 * Why an address may not receive webhooks, or null. Events carry visitors' names and contacts,
 * so they travel over https only; outside production an http address on this machine is
 * accepted too, for a developer's own receiver. In production the server never posts to its own
 * or a private network's addresses, which an address typed by a clinic could otherwise reach.
 */
export function webhookUrlProblem(value: string, production: boolean): WebhookUrlProblem | null {
  const url = new URL(value);
  const local = LOOPBACK_HOST.test(url.hostname) || PRIVATE_HOST.test(url.hostname);
  if (url.protocol === 'http:' && !(LOOPBACK_HOST.test(url.hostname) && !production)) return 'httpsRequired';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'httpsRequired';
  if (production && local) return 'privateAddress';
  return null;
}
