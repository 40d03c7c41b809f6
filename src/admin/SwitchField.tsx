import { useId } from 'react';

interface SwitchFieldProps {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** An on/off setting with the sentence that says what it does. */
export function SwitchField({ label, hint, checked, onChange }: SwitchFieldProps) {
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label className="flex cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          role="switch"
          className="toggle toggle-primary"
          checked={checked}
          aria-describedby={hintId}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span className="font-medium">{label}</span>
      </label>
      <span id={hintId} className="text-sm text-base-content/80">
        {hint}
      </span>
    </div>
  );
}
