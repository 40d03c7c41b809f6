import { describe, expect, it } from 'vitest';
import { crisisAlertNumber, isStopReply, STAFF_ALERT_QUIET_MINUTES, staffAlertOnceKey, startOfMalaysianMonth, statusMovesFrom, whatsappStateOf } from './whatsapp-messages';

describe('startOfMalaysianMonth', () => {
  it('starts the month at midnight in Kuala Lumpur, 16:00 UTC the day before', () => {
    expect(startOfMalaysianMonth(new Date('2026-12-15T10:00:00Z')).toISOString()).toBe('2026-11-30T16:00:00.000Z');
  });

  it('counts the last evening of a month in UTC as the next month in Malaysia', () => {
    expect(startOfMalaysianMonth(new Date('2026-11-30T17:00:00Z')).toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(startOfMalaysianMonth(new Date('2026-11-30T15:59:00Z')).toISOString()).toBe('2026-10-31T16:00:00.000Z');
  });
});

describe('isStopReply', () => {
  it.each(['STOP', 'stop', ' Stop. ', 'BERHENTI'])('reads %j as STOP', (text) => expect(isStopReply(text)).toBe(true));
  it.each(['please stop by', 'stopped', 'ok'])('does not read %j as STOP', (text) => expect(isStopReply(text)).toBe(false));
});

describe('statusMovesFrom', () => {
  it('moves statuses forward only, and fails only what was not delivered', () => {
    expect(statusMovesFrom('delivered')).toEqual(['sent']);
    expect(statusMovesFrom('read')).toEqual(['sent', 'delivered']);
    expect(statusMovesFrom('failed')).toEqual(['sent']);
  });
});

describe('whatsappStateOf', () => {
  it('tells a booking without consent, with messages going on, and stopped apart', () => {
    expect(whatsappStateOf({ consented: false, stoppedAt: null })).toBe('off');
    expect(whatsappStateOf({ consented: true, stoppedAt: null })).toBe('on');
    expect(whatsappStateOf({ consented: true, stoppedAt: new Date() })).toBe('stopped');
  });
});

describe('crisisAlertNumber', () => {
  it('takes the crisis contact’s WhatsApp number, else its phone, in E.164', () => {
    expect(crisisAlertNumber({ phone: '012-345 6789', whatsApp: '019-876 5432' })).toBe('+60198765432');
    expect(crisisAlertNumber({ phone: '012-345 6789', whatsApp: null })).toBe('+60123456789');
  });

  it('takes only a Malaysian mobile number, which WhatsApp reaches', () => {
    expect(crisisAlertNumber({ phone: '012-345 6789', whatsApp: '(03) 7627 2929' })).toBe('+60123456789');
    expect(crisisAlertNumber({ phone: '(03) 7627 2929', whatsApp: null })).toBeUndefined();
    expect(crisisAlertNumber({ phone: '012-34', whatsApp: null })).toBeUndefined();
    expect(crisisAlertNumber({ phone: null, whatsApp: null })).toBeUndefined();
    expect(crisisAlertNumber(null)).toBeUndefined();
  });
});

describe('staffAlertOnceKey', () => {
  const period = STAFF_ALERT_QUIET_MINUTES * 60_000;
  const start = new Date(Math.floor(Date.UTC(2026, 10, 27, 3) / period) * period);
  it('is one key for a clinic through a quiet period, and a new one from the next', () => {
    const key = staffAlertOnceKey('crisis_alert', 'clinic-a', start);
    expect(staffAlertOnceKey('crisis_alert', 'clinic-a', new Date(start.getTime() + period - 1))).toBe(key);
    expect(staffAlertOnceKey('crisis_alert', 'clinic-a', new Date(start.getTime() + period))).not.toBe(key);
    expect(staffAlertOnceKey('crisis_alert', 'clinic-a', new Date(start.getTime() - 1))).not.toBe(key);
  });
  it('is each clinic’s and each kind’s own', () => {
    expect(staffAlertOnceKey('crisis_alert', 'clinic-a', start)).not.toBe(staffAlertOnceKey('crisis_alert', 'clinic-b', start));
    expect(staffAlertOnceKey('crisis_alert', 'clinic-a', start)).not.toBe(staffAlertOnceKey('measure_alert', 'clinic-a', start));
  });
});
