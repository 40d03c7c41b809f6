import type { ReactNode } from 'react';

/**
 * A dialog's buttons, kept in view: daisyUI's modal-box scrolls when its content is taller than
 * the screen, and this strip sticks to its bottom edge over the scrolling body, so on a laptop
 * (1280×720) the buttons are never below the fold. The negative margins reach the box's edges
 * through its padding, so the body scrolls under an opaque strip.
 */
export function DialogActions({ children }: { children: ReactNode }) {
  return (
    <div className="modal-action sticky -bottom-6 z-10 -mx-6 -mb-6 mt-2 flex-wrap border-t border-base-300 bg-base-100 px-6 py-4">
      {children}
    </div>
  );
}
