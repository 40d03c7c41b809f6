import { describe, expect, it } from 'vitest';
import { nullableText, optionalText, requiredText, text } from './zod-fields';

describe('free text fields', () => {
  it.each([
    ['a NUL and a bell', 'Siti\u0000 Ami\u0007nah', 'Siti Aminah'],
    ['an escape sequence', '\u001b[31mDr. Tan\u001b[0m', '[31mDr. Tan[0m'],
    ['DEL and C1 controls', 'Dr.\u007f Tan\u0085\u009b', 'Dr. Tan'],
    ['a right-to-left override', 'invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['bidi embeddings, isolates and marks', '\u202AA\u202B\u202C\u2066B\u2067\u2068\u2069\u200E\u200FC', 'ABC'],
    ['a line break, which becomes a space', 'Siti\r\nAminah\rbinti\nAli\tbin', 'Siti Aminah binti Ali bin'],
  ])('drops %s from one-line text', (_, input, expected) => {
    expect(requiredText(200).parse(input)).toBe(expected);
  });

  it('keeps line feeds and tabs where several lines are allowed, as line feeds only', () => {
    const field = optionalText(200, 'several lines');
    expect(field.parse('  line one\r\nline two\rline\tthree\u0000\u202E\n')).toBe('line one\nline two\nline\tthree');
  });

  it('judges length and blankness after dropping controls', () => {
    expect(requiredText(5).safeParse('\u0000\u202E ').success).toBe(false);
    expect(requiredText(5).parse(`abc${'\u200E'.repeat(10)}de`)).toBe('abcde');
    expect(nullableText(10).parse('\u0007')).toBeNull();
  });

  it('leaves letters of every script, emoji and joiners alone', () => {
    const written = 'Nur Ain ❤️ 心理 محمد Kumar a/l Raj 👩‍⚕️';
    expect(text().parse(written)).toBe(written);
  });
});
