import { appErrorOf, messageOf } from './errors';

// Forms only (the admin, the account pages, the booking dialog): kept out of errors.ts, which
// every page's first load carries, so the screener does not download them.

/**
 * Field problems of a 400, keyed by the form's own field names, the first problem of each. A
 * form whose fields are not the input's (the slot dialog's start and end time, sent as startUtc
 * and endUtc) names them in `formFields`, so every problem lands under a field the operator sees.
 */
export function fieldErrorsOf(error: unknown, formFields: Readonly<Record<string, string>> = {}): Record<string, string> {
  const fields = appErrorOf(error)?.data?.fields ?? {};
  return Object.fromEntries(Object.entries(fields).map(([field, messages]) => [formFields[field] ?? field, messages[0] ?? '']));
}

export interface FormErrors {
  /** The first problem of each field, keyed by the form's field names. */
  fields: Record<string, string>;
  /** What is left to say beside the fields, if anything: never a field's name. */
  message?: string;
}

/**
 * What a form shows of a failure, each thing once: every problem under its own field, and a
 * sentence only for what no field of the form shows (a problem of another input field, or a
 * refusal such as a 409). 'Check the highlighted fields' would only repeat what is under them.
 */
export function formErrorsOf(
  error: unknown,
  fallback: string,
  form: { fields: readonly string[]; formFields?: Readonly<Record<string, string>> },
): FormErrors {
  if (!error) return { fields: {} };
  const all = fieldErrorsOf(error, form.formFields);
  const fields = Object.fromEntries(Object.entries(all).filter(([field]) => form.fields.includes(field)));
  const elsewhere = Object.entries(all).filter(([field]) => !form.fields.includes(field));
  if (Object.keys(all).length === 0) return { fields, message: messageOf(error, fallback) };
  return elsewhere.length === 0 ? { fields } : { fields, message: elsewhere.map(([, message]) => message).join(' ') };
}
