/**
 * The tab's sessionStorage: this tab only, gone when it closes, never sent anywhere. Answers and
 * results are sensitive, so never localStorage and never the URL. Where the browser refuses
 * storage (a blocked third-party frame) there is none, and the screener works in memory.
 * In the entry's `app` chunk (vite.config.ts): the screener and the embed's payment page share it.
 */
export function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
