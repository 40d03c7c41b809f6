import { EMAIL_ADDRESS } from './insights/scrub';

// Database drivers put the failed statement on their errors: mysql2 adds `sql` with every value
// written in (a booking's name, e-mail and phone), `sqlMessage`, and a message that quotes the
// offending value ("Duplicate entry 'siti@…' for key …"); Kysely adds nothing, and SMTP errors
// quote the rejected address. None of it may reach a log.
const STATEMENT_PROPERTIES = new Set(['sql', 'sqlMessage', 'parameters']);
const QUOTED_LITERAL = /'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g;

const isDatabaseError = (error: Error) => 'sqlMessage' in error || 'sql' in error || 'sqlState' in error;

/**
 * A copy of the error (and of its causes) to log: without the statement a database error
 * carries, with the quoted values in its message replaced by '?', and with no e-mail address
 * in any of its texts. The class, code, errno and stack frames stay, which is what a reader of
 * the log needs to find the failure.
 */
export function loggableError(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  const fromDatabase = isDatabaseError(value);
  const clean = (text: string) =>
    (fromDatabase ? text.replace(QUOTED_LITERAL, "'?'") : text).replace(EMAIL_ADDRESS, '[email]');
  const cleanValue = (property: unknown): unknown => {
    if (typeof property === 'string') return clean(property);
    if (Array.isArray(property)) return property.map(cleanValue);
    return loggableError(property);
  };
  const copy = Object.create(Object.getPrototypeOf(value) as object) as Error;
  for (const key of Object.getOwnPropertyNames(value)) {
    if (fromDatabase && STATEMENT_PROPERTIES.has(key)) continue;
    // Read through the error: some engines give `stack` an accessor that only works on the original.
    const { enumerable } = Object.getOwnPropertyDescriptor(value, key)!;
    const property = (value as unknown as Record<string, unknown>)[key];
    Object.defineProperty(copy, key, { value: cleanValue(property), enumerable, writable: true, configurable: true });
  }
  return copy;
}
