import { isMalaysianMobilePhone, normaliseMalaysianPhone } from './phone';

/**
 * WhatsApp messages (issue 29, docs/decisions/0063): what is sent, as data both the outbox and
 * the fake Cloud API read. The templates themselves are deploy/whatsapp-templates.json, which an
 * operator submits to Meta for approval; the names and parameters here must match it.
 */

/** What a visitor's message is about. */
export const VISITOR_WHATSAPP_KINDS = ['booking_received', 'booking_confirmed', 'booking_moved', 'booking_cancelled', 'reminder_24h', 'reminder_2h'] as const;
export type VisitorWhatsappKind = (typeof VISITOR_WHATSAPP_KINDS)[number];

/**
 * The clinic's own messages, to its crisis contact (server/whatsapp/staff-alert.ts): `crisis_alert`
 * when a request flagged "contact promptly" arrives, `measure_alert` when a client's repeat
 * questionnaire raises an alert (issue 30).
 */
export const STAFF_WHATSAPP_KINDS = ['crisis_alert', 'measure_alert'] as const;
export type StaffWhatsappKind = (typeof STAFF_WHATSAPP_KINDS)[number];

/**
 * A client's repeat questionnaire (issue 30), to the number of the booking they were enrolled
 * from: `measure` when it is sent, `measure_reminder` when it is still unanswered days later. Each
 * carries the clinic's name and the questionnaire's link, never what it asks or scores.
 */
export const MEASURE_WHATSAPP_KINDS = ['measure', 'measure_reminder'] as const;
export type MeasureWhatsappKind = (typeof MEASURE_WHATSAPP_KINDS)[number];

/** What a message is about; each kind has its template (deploy/whatsapp-templates.json). */
export const WHATSAPP_KINDS = [...VISITOR_WHATSAPP_KINDS, ...STAFF_WHATSAPP_KINDS, ...MEASURE_WHATSAPP_KINDS] as const;
export type WhatsappKind = (typeof WHATSAPP_KINDS)[number];

/** The template of each kind: the Cloud API names them per language (en, ms) under one name. */
export function templateNameOf(kind: WhatsappKind): string {
  return `minda_${kind}`;
}

/**
 * The number a crisis alert goes to: the crisis contact's WhatsApp number, else its phone
 * number, in E.164, if libphonenumber reads it as a Malaysian mobile (WhatsApp reaches no
 * landline); none otherwise, and no alert is sent.
 */
export function crisisAlertNumber(contact: { phone: string | null; whatsApp: string | null } | null): string | undefined {
  const mobile = [contact?.whatsApp, contact?.phone].find((number) => number && isMalaysianMobilePhone(number));
  return mobile ? normaliseMalaysianPhone(mobile) : undefined;
}

/**
 * At most one staff alert of a kind per clinic in each period of this many minutes. Anyone can
 * book with the crisis item answered, so without it a stranger could send the clinic's crisis
 * contact a message per request. An alert names nothing: it opens the screen where every flagged
 * request (the inbox) or open measure alert (Today) waits first in line, so a second one within the
 * period would tell the contact nothing new, and nobody's request or alert is held back by it (the
 * staff's e-mails of measure alerts go one per alert).
 */
export const STAFF_ALERT_QUIET_MINUTES = 30;

/** A staff alert's key in the outbox: one per kind, clinic and quiet period (its UNIQUE once_key). */
export function staffAlertOnceKey(kind: StaffWhatsappKind, userId: string, now: Date): string {
  return `${kind}:${userId}:${Math.floor(now.getTime() / (STAFF_ALERT_QUIET_MINUTES * 60_000))}`;
}

/** A reminder's quick replies: the payloads the Cloud API sends back when a visitor taps them. */
export const QUICK_REPLIES = { attending: 'ATTENDING', change: 'CHANGE' } as const;

/** The body of a queued message: an approved template with its parameters, or a service reply's text. */
export type WhatsappBody =
  | {
      type: 'template';
      name: string;
      language: 'en' | 'ms';
      /** {{1}}, {{2}}, … of the template's body, in order. */
      parameters: string[];
      /** The quick replies' payloads (QUICK_REPLIES; a booking's reminder only) and the link's path after the template's base URL. */
      buttons?: { quickReplies: string[]; urlSuffix: string };
    }
  | { type: 'text'; text: string };

/** A message's delivery, as the Cloud API's statuses move it (pending until the worker sends it). */
export const WHATSAPP_STATUSES = ['pending', 'sent', 'delivered', 'read', 'failed', 'withdrawn', 'expired'] as const;
export type WhatsappStatus = (typeof WHATSAPP_STATUSES)[number];

/**
 * The statuses a webhook status may move a message from: on to delivered and read, never back
 * (the Cloud API may send them out of order), and to failed only before it was delivered.
 */
export function statusMovesFrom(to: 'sent' | 'delivered' | 'read' | 'failed'): readonly WhatsappStatus[] {
  switch (to) {
    case 'sent':
      return [];
    case 'delivered':
      return ['sent'];
    case 'read':
      return ['sent', 'delivered'];
    case 'failed':
      return ['sent'];
  }
}

/** A message not delivered this long after it was sent falls back to e-mail (issue 29). */
export const DELIVERY_DEADLINE_MINUTES = 15;

/** Whether a reply is the visitor's "STOP" (any case, any spacing; Malay "BERHENTI" too). */
export function isStopReply(text: string): boolean {
  return /^\s*(stop|berhenti)\s*[.!]?\s*$/i.test(text);
}

/**
 * The first moment of the month `now` falls in, in Malaysian time (UTC+8 all year, no daylight
 * saving): the clinic's "sent this month" counts from here.
 */
export function startOfMalaysianMonth(now: Date): Date {
  const offsetMs = 8 * 3_600_000;
  const local = new Date(now.getTime() + offsetMs);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - offsetMs);
}

/** How the clinic and the visitor see a booking's WhatsApp messages: never asked for, going on, or ended. */
export const WHATSAPP_STATES = ['off', 'on', 'stopped'] as const;
export type WhatsappState = (typeof WHATSAPP_STATES)[number];

export function whatsappStateOf(whatsApp: { consented: boolean; stoppedAt: Date | null }): WhatsappState {
  if (!whatsApp.consented) return 'off';
  return whatsApp.stoppedAt ? 'stopped' : 'on';
}
