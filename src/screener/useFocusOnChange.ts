import { useEffect, useRef } from 'react';
import { showNewStepInEmbedder } from '../lib/embedder';

/**
 * Moves focus to the element whenever `key` changes, so screen readers read the new question;
 * framed by a clinic's site, the step's top comes into view there too.
 */
export function useFocusOnChange<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
    showNewStepInEmbedder();
  }, [key]);
  return ref;
}
