import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES } from './appointment-status';
import { webhookEventOf, webhookUrlProblem, WEBHOOK_EVENT_TYPES } from './webhooks';

describe('webhookEventOf', () => {
  it('names each answer and ending after its status', () => {
    expect(webhookEventOf('held', 'requested')).toBe('appointment.requested');
    expect(webhookEventOf(null, 'requested')).toBe('appointment.requested');
    expect(webhookEventOf('requested', 'confirmed')).toBe('appointment.confirmed');
    expect(webhookEventOf('requested', 'declined')).toBe('appointment.declined');
    expect(webhookEventOf('confirmed', 'cancelled')).toBe('appointment.cancelled');
    expect(webhookEventOf('confirmed', 'completed')).toBe('appointment.completed');
    expect(webhookEventOf('confirmed', 'no_show')).toBe('appointment.no_show');
  });

  it('calls a change that keeps the status a reschedule', () => {
    expect(webhookEventOf('confirmed', 'confirmed')).toBe('appointment.rescheduled');
    expect(webhookEventOf('requested', 'requested')).toBe('appointment.rescheduled');
  });

  it('says nothing of a hold, its expiry or its cancellation: the clinic never saw it', () => {
    expect(webhookEventOf(null, 'held')).toBeNull();
    expect(webhookEventOf('held', 'expired')).toBeNull();
    expect(webhookEventOf('held', 'cancelled')).toBeNull();
    expect(webhookEventOf('held', 'held')).toBeNull();
  });

  it('only ever names a published event type', () => {
    for (const from of [null, ...APPOINTMENT_STATUSES]) {
      for (const to of APPOINTMENT_STATUSES) {
        const type = webhookEventOf(from, to);
        if (type !== null) expect(WEBHOOK_EVENT_TYPES).toContain(type);
      }
    }
  });
});

describe('webhookUrlProblem', () => {
  it('accepts a public https address anywhere', () => {
    expect(webhookUrlProblem('https://clinic.example.my/hooks/minda', true)).toBeNull();
    expect(webhookUrlProblem('https://clinic.example.my/hooks/minda', false)).toBeNull();
  });

  it('refuses plain http, except on this machine outside production', () => {
    expect(webhookUrlProblem('http://clinic.example.my/hooks', false)).toBe('httpsRequired');
    expect(webhookUrlProblem('http://127.0.0.1:4000/hooks', false)).toBeNull();
    expect(webhookUrlProblem('http://localhost:4000/hooks', false)).toBeNull();
    expect(webhookUrlProblem('http://[::1]:4000/hooks', false)).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:4000/hooks', true)).toBe('httpsRequired');
    expect(webhookUrlProblem('ftp://clinic.example.my/hooks', false)).toBe('httpsRequired');
  });

  it('refuses loopback and private networks in production', () => {
    for (const host of ['127.0.0.1', 'localhost', '10.1.2.3', '192.168.0.5', '172.20.0.1', '169.254.169.254', '[::1]', '[fd00::1]']) {
      expect(webhookUrlProblem(`https://${host}/hooks`, true), host).toBe('privateAddress');
    }
    expect(webhookUrlProblem('https://172.32.0.1/hooks', true)).toBeNull();
  });
});
