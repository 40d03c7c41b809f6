import { describe, expect, it } from 'vitest';
import { leavesScreener } from './start-embedding';

const ORIGIN = 'https://minda.example.com';

describe('links a framed visitor follows', () => {
  it('stay in the frame between the screener’s own pages, in either language', () => {
    expect(leavesScreener(`${ORIGIN}/screener/klinik-minda`, ORIGIN)).toBe(false);
    expect(leavesScreener('/ms/screener/klinik-minda', ORIGIN)).toBe(false);
    expect(leavesScreener(`${ORIGIN}/screener/klinik-minda#results`, ORIGIN)).toBe(false);
  });

  it('leave it for our login and landing pages and for any other site', () => {
    expect(leavesScreener(`${ORIGIN}/login`, ORIGIN)).toBe(true);
    expect(leavesScreener(`${ORIGIN}/`, ORIGIN)).toBe(true);
    expect(leavesScreener(`${ORIGIN}/screeners-for-clinics`, ORIGIN)).toBe(true);
    expect(leavesScreener('https://wa.me/60123456789', ORIGIN)).toBe(true);
    expect(leavesScreener('https://evil.example/screener/klinik-minda', ORIGIN)).toBe(true);
  });

  it('open the phone or the mail app as they are', () => {
    expect(leavesScreener('tel:15999', ORIGIN)).toBe(false);
    expect(leavesScreener('mailto:hello@klinik.example', ORIGIN)).toBe(false);
  });
});
