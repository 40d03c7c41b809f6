import { type ReactNode, useId } from 'react';

/** The attributes that tie a control to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FieldProps {
  label: string;
  hint?: string;
  /** A server field message from a 400; errors appear under their field. */
  error?: string;
  children: (control: ControlProps) => ReactNode;
}

/**
 * A label, a control, a hint and the field's error, announced together. The admin forms' field:
 * it takes any control (textarea, number, select), where components/TextField is one input.
 */
export function Field({ label, hint, error, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {hint && (
        <span id={hintId} className="text-xs text-base-content/70">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="text-sm text-error">
          {error}
        </span>
      )}
    </div>
  );
}

interface TextAreaFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: string;
  rows?: number;
  maxLength?: number;
  required?: boolean;
  /** The language of what is typed, when it is not the page's. */
  lang?: string;
}

export function TextAreaField({ label, value, onChange, hint, error, rows = 3, maxLength, required, lang }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <textarea
          {...control}
          className={`textarea w-full ${error ? 'textarea-error' : ''}`}
          rows={rows}
          maxLength={maxLength}
          required={required}
          lang={lang}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

interface NumberFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min: number;
  max?: number;
  step: number;
  hint?: string;
  error?: string;
}

/** Holds the typed text, so a field can be emptied while typing; the form converts on save. */
export function NumberField({ label, value, onChange, min, max, step, hint, error }: NumberFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode={Number.isInteger(step) ? 'numeric' : 'decimal'}
          className={`input w-full ${error ? 'input-error' : ''}`}
          min={min}
          max={max}
          step={step}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
