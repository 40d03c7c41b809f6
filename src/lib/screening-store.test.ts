import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The tab's sessionStorage, as the browser offers it to the screener. */
function fakeSessionStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

/** A fresh page load: the module's stores are made again, reading the tab's storage. */
async function loadPage() {
  vi.resetModules();
  return import('./screening-store');
}

const CONSENT = [
  { type: 'chooseAge', age: 'meetsMinimumAge' },
  { type: 'giveConsent', at: '2026-11-25T08:00:00.000Z' },
] as const;

describe('the screening kept in the tab', () => {
  let storage: Storage;
  beforeEach(() => {
    storage = fakeSessionStorage();
    vi.stubGlobal('window', { sessionStorage: storage });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads the session and the booking details back after a reload, per screener', async () => {
    const before = await loadPage();
    const store = before.screenerStore('klinik-minda');
    for (const action of CONSENT) await store.set(before.dass21SessionAtom, action);
    await store.set(before.dass21SessionAtom, { type: 'answer', score: 2 });
    const openDialog = { psychologistId: 'p-1', slotId: 's-1', timezone: 'Asia/Tokyo' };
    store.set(before.bookingDetailsAtom, { name: 'Siti', email: '', phone: '', ...openDialog });

    const after = await loadPage();
    const reloaded = after.screenerStore('klinik-minda');
    expect(reloaded.get(after.dass21SessionAtom)).toMatchObject({ consentGiven: true, answers: { 1: 2 } });
    expect(reloaded.get(after.bookingDetailsAtom)).toMatchObject({ name: 'Siti', ...openDialog });
    expect(after.screenerStore('klinik-lain').get(after.dass21SessionAtom).consentGiven).toBe(false);
  });

  it('removes the session and the booking details on Take Screener Again', async () => {
    const page = await loadPage();
    const store = page.screenerStore('klinik-minda');
    for (const action of CONSENT) await store.set(page.dass21SessionAtom, action);
    store.set(page.bookingDetailsAtom, { name: 'Siti', email: 'siti@example.my', phone: '' });
    expect(storage.length).toBe(2);

    await store.set(page.dass21SessionAtom, { type: 'restart' });
    expect(storage.length).toBe(0);
    expect(store.get(page.bookingDetailsAtom).name).toBe('');
  });

  it('works in memory where the browser refuses storage', async () => {
    vi.stubGlobal('window', {
      get sessionStorage(): Storage {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    const page = await loadPage();
    const store = page.screenerStore('klinik-minda');
    for (const action of CONSENT) await store.set(page.combinedSessionAtom, action);
    expect(store.get(page.combinedSessionAtom).consentGiven).toBe(true);
  });
});
