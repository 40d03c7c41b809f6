import { useId } from 'react';

interface Props {
  legend: string;
  choices: readonly { value: string; label: string }[];
  chosen: string | undefined;
  onChoose: (value: string) => void;
}

/**
 * One choice among buttons: a native radio group drawn as daisyUI buttons (the label is the
 * radio's aria-label, which daisyUI shows). One tab stop; the arrow keys move between choices.
 */
export function ChoiceButtons({ legend, choices, chosen, onChoose }: Props) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <input
            key={choice.value}
            type="radio"
            name={name}
            value={choice.value}
            className="btn btn-sm"
            aria-label={choice.label}
            checked={choice.value === chosen}
            onChange={() => onChoose(choice.value)}
          />
        ))}
      </div>
    </fieldset>
  );
}
