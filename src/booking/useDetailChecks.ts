import { useState } from 'react';
import { isValidEmail } from '../../domain/email';
import { phoneProblem } from '../../domain/phone';
import type { BookingDetails } from '../lib/screening-store';

type CheckedField = 'email' | 'phone';

/** What is wrong with each field, if anything: the phone's rule depends on the WhatsApp choice (a mobile number then). */
function problemsOf(details: Pick<BookingDetails, CheckedField>, whatsApp: boolean) {
  return { email: isValidEmail(details.email) ? undefined : ('email' as const), phone: phoneProblem(details.phone, { whatsApp }) };
}

/**
 * The e-mail and phone checks, shown when the visitor leaves the field or confirms, never while
 * they type ('01' is a number on its way). A shown problem goes as soon as the field is right;
 * a new one waits until the field is left again. Ticking WhatsApp checks a number already left
 * at once against the stricter rule.
 */
export function useDetailChecks(details: Pick<BookingDetails, CheckedField>, { whatsApp }: { whatsApp: boolean }) {
  const [left, setLeft] = useState<Record<CheckedField, boolean>>({ email: false, phone: false });
  const current = problemsOf(details, whatsApp);
  const shows = <Field extends CheckedField>(field: Field) => (left[field] && details[field].trim() !== '' ? current[field] : undefined);
  return {
    valid: { email: !current.email, phone: !current.phone },
    /** The problem each field shows now, if any. */
    problem: { email: shows('email'), phone: shows('phone') },
    leave: (field: CheckedField) => setLeft((before) => ({ ...before, [field]: true })),
    edited: (field: CheckedField, value: string) =>
      setLeft((before) => ({ ...before, [field]: before[field] && problemsOf({ ...details, [field]: value }, whatsApp)[field] !== undefined })),
    /** On Confirm: shows every problem; true when there is none. */
    checkAll: () => {
      setLeft({ email: true, phone: true });
      return !current.email && !current.phone;
    },
  };
}
