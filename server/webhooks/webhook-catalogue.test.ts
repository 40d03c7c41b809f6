import { Ajv2020 } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { APPOINTMENT_EVENT_TYPES, WEBHOOK_API_VERSION, WEBHOOK_EVENT_TYPES } from '../../domain/webhook-events';
import { appointmentEventBody, type EventAppointment, paymentEventBody, testEventBody, WEBHOOK_CATALOGUE } from './webhook-catalogue';

const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
/** The body schema the OpenAPI document publishes for an event type. */
const publishedSchema = (type: string) =>
  (WEBHOOK_CATALOGUE[type] as { post: { requestBody: { content: { 'application/json': { schema: object } } } } }).post.requestBody.content['application/json'].schema;
const validates = (type: string, body: string) => {
  const validate = ajv.compile(publishedSchema(type));
  return validate(JSON.parse(body)) ? [] : validate.errors;
};

const appointment = (status: EventAppointment['status']): EventAppointment => ({
  id: '0c6ad1e4-7e43-4a56-9d9b-8d5d6a0a4e11',
  status,
  revision: 3,
  startUtc: new Date('2026-12-01T02:00:00Z'),
  endUtc: new Date('2026-12-01T03:00:00Z'),
  psychologist: { id: '4a1f5d9c-2b1e-4f5e-8e83-9f0a7c2b6d10', name: 'Dr. Aisyah Rahman' },
  client: { name: 'Nur Aisyah', email: 'nur@example.my', phone: '+60123456789', timezone: 'Asia/Kuala_Lumpur', language: 'ms' },
});
const STATUS_OF: Partial<Record<string, EventAppointment['status']>> = { 'appointment.rescheduled': 'confirmed', 'appointment.attendance_confirmed': 'confirmed' };
const occurredAt = new Date('2026-11-29T01:00:00Z');
const id = '8c0e2f4a-1b3c-4d5e-8f70-123456789abc';
const movedFrom = { startUtc: new Date('2026-11-30T02:00:00Z'), endUtc: new Date('2026-11-30T03:00:00Z') };

describe('webhook bodies and their catalogue', () => {
  it('publishes every event type, the test event included, each body valid against its own published schema', () => {
    expect(Object.keys(WEBHOOK_CATALOGUE).sort()).toEqual([...WEBHOOK_EVENT_TYPES, 'webhook.test'].sort());
    for (const type of APPOINTMENT_EVENT_TYPES) {
      const status = STATUS_OF[type] ?? (type.slice('appointment.'.length) as EventAppointment['status']);
      const body = appointmentEventBody({ id, type, occurredAt, appointment: appointment(status), ...(type === 'appointment.rescheduled' && { movedFrom }) });
      expect(validates(type, body), type).toEqual([]);
      // Not another type's: the status and `type` are pinned per event.
      if (type !== 'appointment.requested') expect(validates('appointment.requested', body), type).not.toEqual([]);
    }
    expect(validates('webhook.test', testEventBody({ id, occurredAt }))).toEqual([]);
  });

  it('carries the version, the appointment’s revision, when it happened, and for a move where it was', () => {
    const body = JSON.parse(appointmentEventBody({ id, type: 'appointment.rescheduled', occurredAt, appointment: appointment('requested'), movedFrom }));
    expect(body).toEqual({
      id,
      type: 'appointment.rescheduled',
      apiVersion: WEBHOOK_API_VERSION,
      occurredAt: '2026-11-29T01:00:00.000Z',
      data: {
        appointment: {
          id: appointment('requested').id,
          status: 'requested',
          revision: 3,
          startUtc: '2026-12-01T02:00:00.000Z',
          endUtc: '2026-12-01T03:00:00.000Z',
          psychologist: { id: '4a1f5d9c-2b1e-4f5e-8e83-9f0a7c2b6d10', name: 'Dr. Aisyah Rahman' },
          client: { name: 'Nur Aisyah', email: 'nur@example.my', phone: '+60123456789', timezone: 'Asia/Kuala_Lumpur', language: 'ms' },
        },
        previous: { startUtc: '2026-11-30T02:00:00.000Z', endUtc: '2026-11-30T03:00:00.000Z' },
      },
    });
  });

  it('has the same envelope for the test event as for the others', () => {
    const test = JSON.parse(testEventBody({ id, occurredAt }));
    const confirmed = JSON.parse(appointmentEventBody({ id, type: 'appointment.confirmed', occurredAt, appointment: appointment('confirmed') }));
    expect(Object.keys(test)).toEqual(Object.keys(confirmed));
    expect(test).toMatchObject({ type: 'webhook.test', apiVersion: WEBHOOK_API_VERSION, occurredAt: '2026-11-29T01:00:00.000Z' });
  });

  it('copies no health data the appointment read carries, and refuses a body that breaks its schema', () => {
    const read = { ...appointment('confirmed'), care: { resultsShared: true, contactPromptly: true }, sharedResults: { depression: 28 } };
    const body = appointmentEventBody({ id, type: 'appointment.confirmed', occurredAt, appointment: read });
    for (const health of ['care', 'contactPromptly', 'sharedResults', 'depression']) expect(body).not.toContain(health);
    // The schema pins the status to the event and asks a move where it was.
    expect(() => appointmentEventBody({ id, type: 'appointment.confirmed', occurredAt, appointment: appointment('cancelled') })).toThrow();
    expect(() => appointmentEventBody({ id, type: 'appointment.rescheduled', occurredAt, appointment: appointment('confirmed') })).toThrow();
  });

  it('publishes the payment events: amounts in sen, the refund named, and nothing of the visitor', () => {
    const payment = { id: 'pay-1', appointmentId: appointment('confirmed').id, amountSen: 5000, status: 'succeeded' as const, method: 'fpx' as const, refundedSen: 2000, disputed: false };
    const paid = paymentEventBody({ id, type: 'payment.succeeded', occurredAt, payment: { ...payment, refundedSen: 0 } });
    expect(validates('payment.succeeded', paid)).toEqual([]);
    const refunded = paymentEventBody({ id, type: 'payment.refunded', occurredAt, payment, refund: { id: 'refund-1', amountSen: 2000, reason: 'by_hand' } });
    expect(validates('payment.refunded', refunded)).toEqual([]);
    expect(JSON.parse(refunded).data).toEqual({ payment: { ...payment, currency: 'myr' }, refund: { id: 'refund-1', amountSen: 2000, reason: 'by_hand' } });
    // A refund event names its refund.
    expect(validates('payment.refunded', paid)).not.toEqual([]);
    expect(() => paymentEventBody({ id, type: 'payment.refunded', occurredAt, payment })).toThrow();
  });
});
