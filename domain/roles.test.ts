import { describe, expect, it } from 'vitest';
import { ACCESS, adminSectionsFor, isRole, mayActOnProfile, mayUse, profileScope } from './roles';

describe('roles', () => {
  it('limits a psychologist to their own profile, and nobody else', () => {
    expect(mayActOnProfile({ role: 'psychologist', psychologistId: 'p1' }, 'p1')).toBe(true);
    expect(mayActOnProfile({ role: 'psychologist', psychologistId: 'p1' }, 'p2')).toBe(false);
    expect(mayActOnProfile({ role: 'psychologist', psychologistId: null }, 'p1')).toBe(false);
    for (const role of ['owner', 'admin', 'receptionist'] as const) {
      expect(mayActOnProfile({ role, psychologistId: null }, 'p2')).toBe(true);
      expect(profileScope({ role, psychologistId: null })).toBeUndefined();
    }
  });

  it('keeps attached results from the receptionist and billing to the owner', () => {
    expect(ACCESS.attachedResults).not.toContain('receptionist');
    expect(ACCESS.ownerOnly).toEqual(['owner']);
  });

  it('knows its roles', () => {
    expect(isRole('owner')).toBe(true);
    expect(isRole('superuser')).toBe(false);
  });
});

describe('adminSectionsFor', () => {
  it('shows the owner every section, billing, the team and deleting the clinic included', () => {
    expect(adminSectionsFor('owner')).toEqual([
      'today',
      'plan',
      'screener-urls',
      'screener',
      'psychologists',
      'schedule',
      'booking-settings',
      'payments',
      'appointments',
      'webhooks',
      'api-keys',
      'audit-log',
      'insights',
      'outcomes',
      'team',
      'password-and-two-factor',
      'account',
    ]);
  });

  it('shows an admin the clinic set-up, the audit log and the outcomes, never billing, the team or deleting the clinic', () => {
    const sections = adminSectionsFor('admin');
    expect(sections).toContain('screener');
    expect(sections).toContain('audit-log');
    expect(sections).toContain('outcomes');
    expect(sections).not.toContain('plan');
    expect(sections).not.toContain('team');
    expect(sections).not.toContain('account');
  });

  it('shows a psychologist only their day, the schedule, the appointments inbox and their own two-factor sign-in', () => {
    expect(adminSectionsFor('psychologist')).toEqual(['today', 'schedule', 'appointments', 'password-and-two-factor']);
  });

  it('shows a receptionist the day, schedules, bookings and their own two-factor sign-in, never the audit log', () => {
    expect(adminSectionsFor('receptionist')).toEqual(['today', 'schedule', 'appointments', 'password-and-two-factor']);
  });
});

describe('mayUse', () => {
  it('lets a psychologist open attached results and refuses the receptionist', () => {
    expect(mayUse('psychologist', ACCESS.attachedResults)).toBe(true);
    expect(mayUse('receptionist', ACCESS.attachedResults)).toBe(false);
  });
});
