import { describe, expect, it } from 'vitest';
import { clinicTimeZone, csvCell, csvLocalTime, toCsv, zonedHeader } from './csv';

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ['+60123456789', `"'+60123456789"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1:A2)', `"'@SUM(A1:A2)"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
  ])('neutralises %j, which a spreadsheet would run as a formula', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('leaves ordinary text as it is, quoted, with its quotes doubled', () => {
    expect(csvCell('Nur Aisyah')).toBe('"Nur Aisyah"');
    expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(3)).toBe('"3"');
  });
});

describe('toCsv', () => {
  it('keeps a line break inside its cell and ends every row with CRLF', () => {
    expect(toCsv([['name', 'note'], ['Siti', 'line one\nline two']])).toBe('"name","note"\r\n"Siti","line one\nline two"\r\n');
  });
});

describe('times in the clinic’s zone', () => {
  it('writes a moment on the wall clock of the zone, as spreadsheets read dates', () => {
    const at = new Date('2026-12-07T02:30:00Z');
    expect(csvLocalTime(at, 'Asia/Kuala_Lumpur')).toBe('2026-12-07 10:30');
    // After midnight in Kuala Lumpur, still the evening before in London.
    expect(csvLocalTime(new Date('2026-12-07T16:15:00Z'), 'Asia/Kuala_Lumpur')).toBe('2026-12-08 00:15');
    expect(csvLocalTime(new Date('2026-07-01T12:00:00Z'), 'Europe/London')).toBe('2026-07-01 13:00');
    expect(csvLocalTime(null, 'Asia/Kuala_Lumpur')).toBeNull();
  });

  it('names the zone in the header of each time column', () => {
    expect(zonedHeader('start', 'Asia/Kuala_Lumpur')).toBe('start (Asia/Kuala_Lumpur)');
  });

  it('takes the zone most of the clinic’s psychologists work in, the first on a tie, and the fallback for none', () => {
    expect(clinicTimeZone(['Europe/London', 'Asia/Kuala_Lumpur', 'Asia/Kuala_Lumpur'], 'UTC')).toBe('Asia/Kuala_Lumpur');
    expect(clinicTimeZone(['Asia/Singapore', 'Asia/Kuala_Lumpur'], 'UTC')).toBe('Asia/Singapore');
    expect(clinicTimeZone([], 'Asia/Kuala_Lumpur')).toBe('Asia/Kuala_Lumpur');
  });
});
