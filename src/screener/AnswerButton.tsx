import type { ReactNode } from 'react';

/** A large, keyboard-operable answer choice; aria-pressed tells assistive tech which is chosen. */
export function AnswerButton({ selected, onSelect, children }: { selected: boolean; onSelect: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onSelect}
      className={`btn h-auto min-h-12 justify-start py-3 text-left font-normal normal-case ${selected ? 'btn-primary' : 'btn-outline'}`}
    >
      {children}
    </button>
  );
}
