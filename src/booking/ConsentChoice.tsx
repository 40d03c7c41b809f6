import { useId } from 'react';

interface Props {
  label: string;
  /** What agreeing means, read with the box: the consent's text is the label and these details. */
  details: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** A consent the visitor may give in the booking form, unticked until they tick it, its details under it. */
export function ConsentChoice({ label, details, checked, onChange }: Props) {
  const detailsId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-start gap-2">
        <input type="checkbox" className="checkbox mt-0.5" checked={checked} onChange={(event) => onChange(event.target.checked)} aria-describedby={detailsId} />
        <span className="text-sm font-medium">{label}</span>
      </label>
      <p id={detailsId} className="text-xs text-base-content/80">
        {details}
      </p>
    </div>
  );
}
