import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES } from './appointment-status';
import { webhookEventOf, WEBHOOK_EVENT_TYPES } from './webhook-events';
import { webhookUrlProblem } from './webhooks';

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

const PRODUCTION = { production: true, allowedNetworks: [] };
const DEVELOPMENT = { production: false, allowedNetworks: [] };

describe('webhookUrlProblem', () => {
  it('accepts a public https address anywhere, by name or by address', () => {
    for (const rules of [PRODUCTION, DEVELOPMENT]) {
      expect(webhookUrlProblem('https://clinic.example.my/hooks/minda', rules)).toBeNull();
      expect(webhookUrlProblem('https://203.106.93.94/hooks', rules)).toBeNull();
      expect(webhookUrlProblem('https://[2001:4860:4860::8888]/hooks', rules)).toBeNull();
    }
  });

  it('refuses plain http, except on this machine outside production', () => {
    expect(webhookUrlProblem('http://clinic.example.my/hooks', DEVELOPMENT)).toBe('httpsRequired');
    expect(webhookUrlProblem('http://127.0.0.1:4000/hooks', DEVELOPMENT)).toBeNull();
    expect(webhookUrlProblem('http://localhost:4000/hooks', DEVELOPMENT)).toBeNull();
    expect(webhookUrlProblem('http://[::1]:4000/hooks', DEVELOPMENT)).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:4000/hooks', PRODUCTION)).toBe('privateAddress');
    expect(webhookUrlProblem('ftp://clinic.example.my/hooks', DEVELOPMENT)).toBe('httpsRequired');
  });

  it('refuses loopback, private and reserved addresses in every spelling, in production', () => {
    const hosts = [
      // Loopback, as names and as addresses in decimal, short, hex, octal and IPv6 forms.
      'localhost', 'localhost.', 'LOCALHOST', 'hooks.localhost', '127.0.0.1', '127.1', '2130706433', '0x7f000001', '0x7f.0.0.1', '0177.0.0.1', '[::1]',
      '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[0:0:0:0:0:ffff:127.0.0.1]', '[::127.0.0.1]',
      // The cloud metadata address and link-local.
      '169.254.169.254', '[::ffff:a9fe:a9fe]', '[fe80::1]',
      // Private, CGNAT, benchmarking, documentation and the other reserved ranges.
      '10.1.2.3', '172.20.0.1', '192.168.0.5', '100.64.0.1', '100.127.255.254', '198.18.0.1', '198.19.255.254', '192.0.2.1', '240.0.0.1',
      '[::ffff:10.0.0.1]', '[::ffff:c0a8:1]', '[64:ff9b::a00:1]', '[2002:a00:1::]',
      // Unique-local, site-local, multicast, unspecified and broadcast.
      '[fd00::1]', '[fc00::1]', '[fec0::1]', '[ff02::1]', '224.0.0.1', '0.0.0.0', '0', '[::]', '255.255.255.255',
    ];
    for (const host of hosts) expect(webhookUrlProblem(`https://${host}:8443/hooks`, PRODUCTION), host).toBe('privateAddress');
    expect(webhookUrlProblem('https://172.32.0.1/hooks', PRODUCTION)).toBeNull();
    expect(webhookUrlProblem('https://100.128.0.1/hooks', PRODUCTION)).toBeNull();
    expect(webhookUrlProblem('https://198.20.0.1/hooks', PRODUCTION)).toBeNull();
  });

  it('keeps refusing private networks outside production: only loopback opens there', () => {
    for (const host of ['10.1.2.3', '169.254.169.254', '[::ffff:a9fe:a9fe]', '[fd00::1]']) {
      expect(webhookUrlProblem(`https://${host}/hooks`, DEVELOPMENT), host).toBe('privateAddress');
    }
    expect(webhookUrlProblem('https://[::ffff:127.0.0.1]/hooks', DEVELOPMENT)).toBe('privateAddress');
  });

  it('accepts the networks the deployer allowed', () => {
    const rules = { production: true, allowedNetworks: ['10.1.2.0/24', '127.0.0.1'] };
    expect(webhookUrlProblem('https://10.1.2.3/hooks', rules)).toBeNull();
    expect(webhookUrlProblem('https://127.0.0.1/hooks', rules)).toBeNull();
    expect(webhookUrlProblem('https://10.1.3.1/hooks', rules)).toBe('privateAddress');
    expect(webhookUrlProblem('https://127.0.0.2/hooks', rules)).toBe('privateAddress');
  });
});
