import { useId } from 'react';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'url' | 'number' | 'tel';
  error?: string;
  required?: boolean;
  autoComplete?: string;
  /** The keyboard a phone shows: digits for a one-time code. */
  inputMode?: 'text' | 'numeric';
  /** Takes the focus when it appears: the field a new step of a form asks for. */
  autoFocus?: boolean;
  /** The language of what is typed, when it is not the page's: a clinic's Malay text on the English admin. */
  lang?: string;
}

/** A labelled input whose error appears under it and is announced with it. */
export function TextField({ label, value, onChange, type = 'text', error, required, autoComplete, inputMode, autoFocus, lang }: Props) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label className="text-sm font-medium" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={`input w-full ${error ? 'input-error' : ''}`}
        type={type}
        value={value}
        required={required}
        autoComplete={autoComplete}
        inputMode={inputMode}
        autoFocus={autoFocus}
        lang={lang}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <span id={`${id}-error`} className="text-sm text-error">
          {error}
        </span>
      )}
    </div>
  );
}
