import { DEMO_OPERATOR } from '../../db/seed-demo';
import { DEMO_SLUG } from './demo-screener';

const POLL_EVERY_MS = 50;
const GIVE_UP_AFTER_MS = 30_000;

/** The demo operator's cookie, signed in over REST as the admin portal signs in. */
async function signIn(appUrl: string): Promise<string> {
  const response = await fetch(`${appUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: appUrl },
    body: JSON.stringify({ username: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`Signing in answered ${response.status}: ${await response.text()}`);
  return cookie;
}

const titleThrough = async (url: string) => ((await (await fetch(url)).json()) as { appTitle: string }).appTitle;

/**
 * Milliseconds from an operator's save (as the app answers it) until a visitor reading the
 * configuration through the front sees the new title, with the front's copy warm beforehand.
 */
export async function measureSaveVisibility(appUrl: string, frontUrl: string): Promise<number> {
  const cookie = await signIn(appUrl);
  const headers = { 'content-type': 'application/json', origin: appUrl, cookie };
  const saved = (await (await fetch(`${appUrl}/api/configuration`, { headers })).json()) as Record<string, unknown>;
  const readUrl = `${frontUrl}/api/public/configuration/slug/${DEMO_SLUG}`;
  await titleThrough(readUrl);
  const appTitle = `Saved at ${Date.now()}`;
  const save = await fetch(`${appUrl}/api/configuration`, { method: 'PUT', headers, body: JSON.stringify({ ...saved, appTitle }) });
  if (!save.ok) throw new Error(`Saving answered ${save.status}: ${await save.text()}`);
  const savedAt = performance.now();
  while (performance.now() - savedAt < GIVE_UP_AFTER_MS) {
    if ((await titleThrough(readUrl)) === appTitle) return performance.now() - savedAt;
    await new Promise((r) => setTimeout(r, POLL_EVERY_MS));
  }
  throw new Error(`The saved title did not show through the front within ${GIVE_UP_AFTER_MS / 1000} s`);
}
