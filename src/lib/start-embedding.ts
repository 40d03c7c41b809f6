import { isScreenerPath } from '../../domain/embedding';
import { tellEmbedder } from './embedder';

/**
 * Whether following the link would take a framed visitor away from the screener: our login and
 * landing pages and any other site open in a new tab, never inside the clinic's page. Phone and
 * mail links open their apps as they are.
 */
export function leavesScreener(href: string, origin: string): boolean {
  const url = new URL(href, origin);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  return url.origin !== origin || !isScreenerPath(url.pathname);
}

/** Any link leaving the screener opens a new top-level tab, whoever drew it. */
function openLeavingLinksInNewTab(event: MouseEvent): void {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || !leavesScreener(link.href, window.location.origin)) return;
  link.target = '_blank';
  link.rel = 'noopener';
  // The router would open the page inside the frame; unheard, the browser follows the link itself.
  event.stopPropagation();
}

/** Escape in the frame closes the pop-up, unless one of the screener's own dialogs takes it. */
function forwardEscape(event: KeyboardEvent): void {
  if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('dialog[open]')) return;
  tellEmbedder({ type: 'minda:escape' });
}

/** Tells the clinic's page how tall the content is, so the frame grows with it instead of scrolling. */
function reportHeight(): void {
  let last = 0;
  const report = () => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    tellEmbedder({ type: 'minda:height', height });
  };
  new ResizeObserver(report).observe(document.body);
  report();
}

/**
 * The screener framed by a clinic's site through /embed.js (loaded only then, out of the
 * screener's first load): marks <html>, so full-screen layouts fit the content and isEmbedded()
 * holds, and starts the frame's side of the conversation with the clinic's page.
 */
export function startEmbedding(): void {
  document.documentElement.dataset.embedded = 'true';
  document.addEventListener('click', openLeavingLinksInNewTab, true);
  window.addEventListener('keydown', forwardEscape);
  reportHeight();
}
