import type { ControlProps } from './Field';

interface Props {
  control: ControlProps;
  psychologists: readonly { id: string; name: string }[];
  /** The chosen profile's id, or '' before a choice. */
  value: string;
  onChange: (psychologistId: string) => void;
  /** The first, unselectable option that asks for a choice. */
  placeholder: string;
}

/** A choice of one of the clinic's psychologist profiles, inside an admin Field. */
export function PsychologistSelect({ control, psychologists, value, onChange, placeholder }: Props) {
  return (
    <select {...control} className="select w-full" value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="" disabled>
        {placeholder}
      </option>
      {psychologists.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
    </select>
  );
}
