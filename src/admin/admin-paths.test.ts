import { describe, expect, it } from 'vitest';
import { adminPath, otherLanguagePath } from './admin-paths';

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
});
