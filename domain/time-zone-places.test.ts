import { describe, expect, it, vi } from 'vitest';
import { countryName, searchZones, zoneOffset, zonePlace } from './time-zone-places';

const WINTER = new Date('2026-01-15T12:00:00Z');
const SUMMER = new Date('2026-07-15T12:00:00Z');

describe('zonePlace', () => {
  it('names a zone by its city and offset, never by its IANA name', () => {
    expect(zonePlace('Asia/Kuala_Lumpur', WINTER)).toBe('Kuala Lumpur (GMT+8)');
    expect(zonePlace('America/Argentina/Buenos_Aires', WINTER)).toBe('Buenos Aires (GMT-3)');
    expect(zonePlace('Asia/Kolkata', WINTER)).toBe('Kolkata (GMT+5:30)');
    expect(zonePlace('UTC', WINTER)).toBe('UTC (GMT)');
  });

  it('gives a daylight-saving zone the offset of the moment shown', () => {
    expect(zonePlace('America/New_York', WINTER)).toBe('New York (GMT-5)');
    expect(zonePlace('America/New_York', SUMMER)).toBe('New York (GMT-4)');
    expect(zonePlace('Europe/London', WINTER)).toBe('London (GMT)');
    expect(zonePlace('Europe/London', SUMMER)).toBe('London (GMT+1)');
    expect(zonePlace('Australia/Sydney', WINTER)).toBe('Sydney (GMT+11)');
    expect(zonePlace('Australia/Sydney', SUMMER)).toBe('Sydney (GMT+10)');
  });
});

describe('zoneOffset', () => {
  it('builds one format per zone and reuses it: a reminder pass asks once per mail (issue 31)', () => {
    zoneOffset('Asia/Tokyo', WINTER);
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(zoneOffset('Asia/Tokyo', SUMMER)).toBe('GMT+9');
      expect(zoneOffset('Asia/Tokyo', WINTER)).toBe('GMT+9');
      expect(built).not.toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
  });
});

describe('countryName', () => {
  it('names a country in the reader’s language', () => {
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'ms')).toBe('Jerman');
    expect(countryName('MY', 'ms')).toBe('Malaysia');
  });
});

describe('searchZones', () => {
  const zones = ['Asia/Kuala_Lumpur', 'Asia/Kuching', 'Asia/Singapore', 'Europe/Berlin', 'Europe/London', 'America/Sao_Paulo', 'UTC'];

  it('finds zones by city, in any case and without accents', () => {
    expect(searchZones(zones, 'kuala')).toEqual(['Asia/Kuala_Lumpur']);
    expect(searchZones(zones, 'KUALA lumpur')).toEqual(['Asia/Kuala_Lumpur']);
    expect(searchZones(zones, 'são')).toEqual(['America/Sao_Paulo']);
  });

  it('finds zones by country, in English or Malay', () => {
    // The package counts Singapore's zone as Malaysia's too (Kuala Lumpur is its alias).
    expect(searchZones(zones, 'malaysia')).toEqual(['Asia/Kuala_Lumpur', 'Asia/Kuching', 'Asia/Singapore']);
    expect(searchZones(zones, 'Germany')).toEqual(['Europe/Berlin']);
    expect(searchZones(zones, 'jerman')).toEqual(['Europe/Berlin']);
    expect(searchZones(zones, 'United Kingdom')).toEqual(['Europe/London']);
  });

  it('keeps every zone for an empty query and none for a place that is not there', () => {
    expect(searchZones(zones, '  ')).toEqual(zones);
    expect(searchZones(zones, 'atlantis')).toEqual([]);
  });
});
