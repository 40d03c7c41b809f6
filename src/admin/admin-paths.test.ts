import { describe, expect, it } from 'vitest';
import { ADMIN_SECTIONS } from '../../domain/roles';
import { adminPath, movedSection, otherLanguagePath } from './admin-paths';

describe('admin addresses', () => {
  it('puts each screen at /admin/<id>, under /ms in Malay', () => {
    expect(adminPath('en', 'today')).toBe('/admin/today');
    expect(adminPath('ms', 'schedule')).toBe('/ms/admin/schedule');
  });

  it('switches language on the same screen', () => {
    expect(otherLanguagePath('/admin/team')).toBe('/ms/admin/team');
    expect(otherLanguagePath('/ms/admin/team')).toBe('/admin/team');
    expect(otherLanguagePath('/admin-setup')).toBe('/ms/admin-setup');
    expect(otherLanguagePath('/ms')).toBe('/');
  });

  it('sends an old address to the screen that replaced it, and only that', () => {
    expect(movedSection('two-factor')).toBe('password-and-two-factor');
    expect(Object.keys(ADMIN_SECTIONS)).toContain(movedSection('two-factor'));
    for (const current of Object.keys(ADMIN_SECTIONS)) expect(movedSection(current), current).toBeUndefined();
    expect(movedSection('toString')).toBeUndefined();
  });
});
