import { z } from 'zod';
import type { AppointmentStatus } from '../../domain/appointment-status';
import { PAYMENT_CURRENCY, PAYMENT_METHODS, PAYMENT_STATUSES, type PaymentMethod, type PaymentStatus, REFUND_REASONS, type RefundReason } from '../../domain/payment-policy';
import { type AppointmentEventType, type PaymentEventType, WEBHOOK_API_VERSION, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../domain/webhook-events';
import type { Locales } from '../../i18n/i18n-types';

/**
 * The webhook events, one zod schema each: the bodies are built through them
 * (`appointmentEventBody`, `testEventBody`) and the OpenAPI document's `webhooks` section is
 * generated from them (`WEBHOOK_CATALOGUE`), so the published contract and what is sent cannot
 * drift. Objects are strict: a field the schema does not name (a score, an answer, a note) makes
 * the build throw instead of leaving in a webhook.
 */

const ZInstant = z.iso.datetime().describe('An instant in UTC, ISO 8601');

const ZClient = z
  .strictObject({
    name: z.string(),
    email: z.string(),
    phone: z.string().describe('E.164, such as +60123456789'),
    timezone: z.string().describe('IANA time zone, such as Asia/Kuala_Lumpur'),
    language: z.enum(['en', 'ms'] satisfies Locales[]),
  })
  .nullable()
  .describe('The visitor’s contact; null once their data was erased (by them or after the clinic’s retention period)');

/** The appointment as it stood right after the change, with the status the event leaves it in. */
const appointmentOf = (statuses: readonly [AppointmentStatus, ...AppointmentStatus[]]) =>
  z.strictObject({
    id: z.string(),
    status: z.enum(statuses),
    revision: z
      .int()
      .nonnegative()
      .describe('Rises with every change of the appointment (the SEQUENCE of its calendar event): of two events about one appointment, the higher revision is the later'),
    startUtc: ZInstant,
    endUtc: ZInstant,
    psychologist: z.strictObject({ id: z.string(), name: z.string() }),
    client: ZClient,
  });

/** The envelope every event shares, the test event's included. */
const envelope = <Type extends WebhookEventType, Data extends z.ZodType>(type: Type, description: string, data: Data) =>
  z
    .strictObject({
      id: z.uuid().describe('The event’s id, the same in every delivery of it (retries, redeliveries, every endpoint) and in the minda-event-id header: de-duplicate by it, not by the body'),
      type: z.literal(type),
      apiVersion: z.literal(WEBHOOK_API_VERSION).describe('The version of this body’s shape'),
      occurredAt: ZInstant.describe('When the change happened'),
      data,
    })
    .describe(description);

const ZMovedFrom = z.strictObject({ startUtc: ZInstant, endUtc: ZInstant }).describe('Where the appointment was before the move');

const APPOINTMENT_EVENTS = {
  'appointment.requested': envelope('appointment.requested', 'A visitor booked; the clinic has still to confirm or decline', z.strictObject({ appointment: appointmentOf(['requested']) })),
  'appointment.confirmed': envelope('appointment.confirmed', 'The appointment is confirmed (by the clinic, or at once where the clinic confirms every booking)', z.strictObject({ appointment: appointmentOf(['confirmed']) })),
  'appointment.declined': envelope('appointment.declined', 'The clinic declined a request', z.strictObject({ appointment: appointmentOf(['declined']) })),
  'appointment.cancelled': envelope('appointment.cancelled', 'The visitor or the clinic cancelled', z.strictObject({ appointment: appointmentOf(['cancelled']) })),
  'appointment.rescheduled': envelope(
    'appointment.rescheduled',
    'The appointment moved to another time; its status did not change',
    z.strictObject({ appointment: appointmentOf(['requested', 'confirmed']), previous: ZMovedFrom }),
  ),
  'appointment.completed': envelope('appointment.completed', 'The session took place', z.strictObject({ appointment: appointmentOf(['completed']) })),
  'appointment.no_show': envelope('appointment.no_show', 'The visitor did not come', z.strictObject({ appointment: appointmentOf(['no_show']) })),
  'appointment.attendance_confirmed': envelope(
    'appointment.attendance_confirmed',
    'The visitor answered “I’ll be there” to a WhatsApp reminder, at occurredAt; it changes no field of the appointment, so it carries the revision of the last change',
    z.strictObject({ appointment: appointmentOf(['requested', 'confirmed']) }),
  ),
} satisfies Record<AppointmentEventType, z.ZodType>;

const ZSen = z.int().nonnegative().describe('Whole sen (1/100 ringgit)');

const ZPayment = z.strictObject({
  id: z.string(),
  appointmentId: z.string(),
  amountSen: ZSen.describe('What the visitor paid, in whole sen'),
  currency: z.literal(PAYMENT_CURRENCY),
  status: z.enum(PAYMENT_STATUSES),
  method: z.enum(PAYMENT_METHODS).nullable().describe('card, fpx or grabpay; null until known'),
  refundedSen: ZSen.describe('What was refunded of it so far, in whole sen'),
  disputed: z.boolean().describe('The visitor disputed the card payment with their bank'),
});

const PAYMENT_EVENTS = {
  'payment.succeeded': envelope('payment.succeeded', 'A visitor paid for their appointment at booking (Stripe confirmed it)', z.strictObject({ payment: ZPayment })),
  'payment.refunded': envelope(
    'payment.refunded',
    'Part or all of a payment was refunded: by the clinic’s policy on a cancel, or by hand',
    z.strictObject({ payment: ZPayment, refund: z.strictObject({ id: z.string(), amountSen: ZSen, reason: z.enum(REFUND_REASONS) }) }),
  ),
} satisfies Record<PaymentEventType, z.ZodType>;

const ZTestEvent = envelope('webhook.test', 'The admin’s “Send test event”: checks an endpoint and its signature', z.strictObject({ message: z.string() }));

const EVENT_SCHEMAS: Record<WebhookEventType, z.ZodType> = { ...APPOINTMENT_EVENTS, ...PAYMENT_EVENTS, 'webhook.test': ZTestEvent };

/** An appointment as the repository reads it: the fields an event copies, and no more. */
export interface EventAppointment {
  id: string;
  status: AppointmentStatus;
  revision: number;
  startUtc: Date;
  endUtc: Date;
  psychologist: { id: string; name: string };
  client: { name: string; email: string; phone: string; timezone: string; language: Locales };
}

const envelopeOf = (event: { id: string; type: WebhookEventType; occurredAt: Date }) => ({
  id: event.id,
  type: event.type,
  apiVersion: WEBHOOK_API_VERSION,
  occurredAt: event.occurredAt.toISOString(),
});

/** The JSON body of an event about an appointment; a rescheduling names where it moved from. */
export function appointmentEventBody(event: {
  id: string;
  type: AppointmentEventType;
  occurredAt: Date;
  appointment: EventAppointment;
  movedFrom?: { startUtc: Date; endUtc: Date };
}): string {
  const { appointment, movedFrom } = event;
  const { name, email, phone, timezone, language } = appointment.client;
  const body = {
    ...envelopeOf(event),
    data: {
      appointment: {
        id: appointment.id,
        status: appointment.status,
        revision: appointment.revision,
        startUtc: appointment.startUtc.toISOString(),
        endUtc: appointment.endUtc.toISOString(),
        psychologist: { id: appointment.psychologist.id, name: appointment.psychologist.name },
        client: { name, email, phone, timezone, language },
      },
      ...(movedFrom && { previous: { startUtc: movedFrom.startUtc.toISOString(), endUtc: movedFrom.endUtc.toISOString() } }),
    },
  };
  return JSON.stringify(EVENT_SCHEMAS[event.type].parse(body));
}

/** A payment as the repository reads it: the fields an event copies, and no more. */
export interface EventPayment {
  id: string;
  appointmentId: string;
  amountSen: number;
  status: PaymentStatus;
  method: PaymentMethod | null;
  refundedSen: number;
  disputed: boolean;
}

/** The JSON body of an event about a payment; a refund names the refund it is about. */
export function paymentEventBody(event: {
  id: string;
  type: PaymentEventType;
  occurredAt: Date;
  payment: EventPayment;
  refund?: { id: string; amountSen: number; reason: RefundReason };
}): string {
  const { payment, refund } = event;
  const body = {
    ...envelopeOf(event),
    data: {
      payment: {
        id: payment.id,
        appointmentId: payment.appointmentId,
        amountSen: payment.amountSen,
        currency: PAYMENT_CURRENCY,
        status: payment.status,
        method: payment.method,
        refundedSen: payment.refundedSen,
        disputed: payment.disputed,
      },
      ...(refund && { refund: { id: refund.id, amountSen: refund.amountSen, reason: refund.reason } }),
    },
  };
  return JSON.stringify(EVENT_SCHEMAS[event.type].parse(body));
}

/** The JSON body of the admin's test event: the envelope of every other. */
export function testEventBody(event: { id: string; occurredAt: Date }): string {
  return JSON.stringify(ZTestEvent.parse({ ...envelopeOf({ ...event, type: 'webhook.test' }), data: { message: 'A test event from Minda.' } }));
}

/** What a receiver must answer: any 2xx within 10 s; anything else is retried. */
const RECEIVED = {
  '2XX': { description: 'Received. Anything else (a redirect included), or no answer within 10 s, is retried after 30 s, doubling up to hourly' },
};

/**
 * The OpenAPI 3.1 `webhooks` section: one operation per event type, its body's JSON Schema
 * generated from the schema that builds it, and the two headers every delivery carries.
 */
export const WEBHOOK_CATALOGUE = Object.fromEntries(
  [...WEBHOOK_EVENT_TYPES, 'webhook.test' as const].map((type) => {
    const schema = z.toJSONSchema(EVENT_SCHEMAS[type], { io: 'output' }) as Record<string, unknown>;
    delete schema.$schema;
    return [
      type,
      {
        post: {
          operationId: `webhook.${type}`,
          summary: String(schema.description),
          tags: ['Webhooks'],
          // Minda calls the receiver: no scheme of ours applies; the minda-signature header proves the sender.
          security: [],
          parameters: [
            { name: 'minda-event-id', in: 'header', required: true, description: 'The event’s id, as in the body', schema: { type: 'string', format: 'uuid' } },
            {
              name: 'minda-signature',
              in: 'header',
              required: true,
              description: '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the signing secret>`; a second v1 follows for 24 hours after a roll',
              schema: { type: 'string' },
            },
          ],
          requestBody: { required: true, content: { 'application/json': { schema } } },
          responses: RECEIVED,
        },
      },
    ];
  }),
);
