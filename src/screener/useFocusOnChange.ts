import { useEffect, useRef } from 'react';

/** Moves focus to the element whenever `key` changes, so screen readers read the new question. */
export function useFocusOnChange<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [key]);
  return ref;
}
