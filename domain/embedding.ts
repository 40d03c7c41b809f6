/**
 * The screener's own pages, /screener/… and /ms/screener/…: the only pages a clinic's site may
 * frame (/embed.js), and the only ones a framed visitor moves between inside the frame.
 */
export function isScreenerPath(path: string): boolean {
  return /^\/(ms\/)?screener(\/|$)/.test(path);
}
