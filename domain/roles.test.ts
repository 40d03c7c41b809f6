import { describe, expect, it } from 'vitest';
import { ACCESS, isRole, mayActOnProfile, profileScope } from './roles';

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
