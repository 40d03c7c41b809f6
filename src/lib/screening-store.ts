import { createStore } from 'jotai';
import { atomWithReducer } from 'jotai/utils';
import { combinedSessionReducer, initialCombinedSession } from '../../domain/combined-session';
import { dass21SessionReducer, initialDass21Session } from '../../domain/dass21-session';

export const dass21SessionAtom = atomWithReducer(initialDass21Session, dass21SessionReducer);
export const combinedSessionAtom = atomWithReducer(initialCombinedSession, combinedSessionReducer);

const stores = new Map<string, ReturnType<typeof createStore>>();

/**
 * One store per screener: switching between the English and Malay routes keeps the
 * visitor's progress, while another clinic's screener starts fresh.
 */
export function screenerStore(identifier: string): ReturnType<typeof createStore> {
  let store = stores.get(identifier);
  if (!store) {
    store = createStore();
    stores.set(identifier, store);
  }
  return store;
}

