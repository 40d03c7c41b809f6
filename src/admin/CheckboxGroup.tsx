import { type ReactNode, useId } from 'react';

interface CheckboxGroupProps<Value extends string> {
  legend: string;
  /** The group's name where the legend alone would repeat (one group per webhook endpoint). */
  label?: string;
  /** Every choice, in the order shown. */
  options: readonly Value[];
  chosen: readonly Value[];
  /** The choices ticked after a change, in the options' order. */
  onChange: (chosen: Value[]) => void;
  /** A choice's words, beside its id in code type, so the operator reads it and a developer finds it. */
  labelOf: (value: Value) => string;
  /** A server field message from a 400, read out with the group and shown under it. */
  error?: string;
  className?: string;
  /** What belongs inside the group, after the boxes and before the error (its own save button). */
  children?: ReactNode;
}

/** Some of a fixed list ticked, the admin's way: API key scopes, the events a webhook endpoint receives. */
export function CheckboxGroup<Value extends string>({ legend, label, options, chosen, onChange, labelOf, error, className, children }: CheckboxGroupProps<Value>) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset className={className} aria-label={label} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {options.map((value) => (
        <label key={value} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className={`checkbox checkbox-sm ${error ? 'checkbox-error' : ''}`}
            checked={chosen.includes(value)}
            onChange={(event) => onChange(options.filter((option) => (option === value ? event.target.checked : chosen.includes(option))))}
          />
          {labelOf(value)} <code className="text-xs">{value}</code>
        </label>
      ))}
      {children}
      {error && (
        <span id={errorId} className="w-full text-sm text-error">
          {error}
        </span>
      )}
    </fieldset>
  );
}
