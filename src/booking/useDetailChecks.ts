import { useState } from 'react';
import { isValidEmail } from '../../domain/email';
import { isValidMalaysianPhone } from '../../domain/phone';
import type { BookingDetails } from '../lib/screening-store';

type CheckedField = 'email' | 'phone';

const IS_VALID: Record<CheckedField, (value: string) => boolean> = { email: isValidEmail, phone: isValidMalaysianPhone };

/**
 * The e-mail and phone checks, shown when the visitor leaves the field or confirms, never while
 * they type ('01' is a number on its way). A shown problem goes as soon as the field is right;
 * a new one waits until the field is left again.
 */
export function useDetailChecks(details: Pick<BookingDetails, CheckedField>) {
  const [left, setLeft] = useState<Record<CheckedField, boolean>>({ email: false, phone: false });
  const valid = { email: IS_VALID.email(details.email), phone: IS_VALID.phone(details.phone) };
  const shows = (field: CheckedField) => left[field] && details[field].trim() !== '' && !valid[field];
  return {
    valid,
    problem: { email: shows('email'), phone: shows('phone') },
    leave: (field: CheckedField) => setLeft((before) => ({ ...before, [field]: true })),
    edited: (field: CheckedField, value: string) => setLeft((before) => ({ ...before, [field]: before[field] && !IS_VALID[field](value) })),
    /** On Confirm: shows every problem; true when there is none. */
    checkAll: () => {
      setLeft({ email: true, phone: true });
      return valid.email && valid.phone;
    },
  };
}
