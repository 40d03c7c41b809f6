import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

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
