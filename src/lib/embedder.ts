import type { AppointmentStatus } from '../../domain/appointment-status';
import type { TestType } from '../../domain/configuration';

/**
 * What the screener tells the clinic's page that frames it through /embed.js, which checks each
 * message's origin and source. None carries a score, an answer or anything about the visitor, so
 * any embedding origin may read them (the frame cannot know the clinic's origin beforehand).
 */
export type EmbedderMessage =
  | { type: 'minda:height'; height: number }
  /** Show the frame from `top` (CSS pixels from the frame's top) at the top of the clinic's page. */
  | { type: 'minda:scroll'; top: number }
  /** Escape pressed in the frame, which the pop-up's dialog on the clinic's page cannot hear. */
  | { type: 'minda:escape' }
  | { type: 'minda:completed'; testType: TestType }
  | { type: 'minda:booked'; status: AppointmentStatus };

/** Framed by a clinic's site: marked on <html> by start-embedding.ts. */
export function isEmbedded(): boolean {
  return document.documentElement.dataset.embedded === 'true';
}

export function tellEmbedder(message: EmbedderMessage): void {
  if (isEmbedded()) window.parent.postMessage(message, '*');
}

/**
 * A new step: its top in view. Inline, the clinic's page scrolls to the frame's top; in the
 * pop-up, the frame scrolls itself (inline the frame is as tall as its content, so it cannot).
 */
export function showNewStepInEmbedder(): void {
  if (!isEmbedded()) return;
  window.scrollTo(0, 0);
  tellEmbedder({ type: 'minda:scroll', top: 0 });
}

/**
 * The element's top at the top of the clinic's page, wherever in the tall inline frame it sits:
 * a dialog as it opens (framed, its box is drawn at its top: styles.css), the control that opened
 * it once it closes. (In the pop-up the frame is the window: it is in view.)
 */
export function showInEmbedder(element: Element | null): void {
  if (element && isEmbedded()) tellEmbedder({ type: 'minda:scroll', top: Math.max(0, Math.floor(element.getBoundingClientRect().top)) });
}
