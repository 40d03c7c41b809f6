import { atom, createStore, type Getter, type SetStateAction, type WritableAtom } from 'jotai';
import { combinedSessionReducer, initialCombinedSession } from '../../domain/combined-session';
import { dass21SessionReducer, initialDass21Session } from '../../domain/dass21-session';
import { tabStorage } from './tab-storage';

/**
 * Raise when the kept shapes change, so a tab open across a deploy starts afresh instead of
 * reading a session the new code does not understand.
 */
const KEPT_FORMAT = 1;

/** The screener a store belongs to (set by screenerStore), which names what it keeps in the tab. */
const screenerIdentifierAtom = atom('');

function readKept<Value>(key: string, initial: Value): Value {
  try {
    const text = tabStorage()?.getItem(key);
    return text ? (JSON.parse(text) as Value) : initial;
  } catch {
    return initial;
  }
}

type KeptAtom<Value> = WritableAtom<Value, [SetStateAction<Value>], void>;

/**
 * A value kept in the tab under the screener's key, read back on a reload; the initial value
 * removes it. Like jotai's atomWithStorage, less what we do not use (other tabs, async storage),
 * which kept the screener's first load within its budget.
 */
function keptAtom<Value extends object>(name: string, initial: Value): KeptAtom<Value> {
  const keyOf = (get: Getter) => `minda.${KEPT_FORMAT}.${get(screenerIdentifierAtom)}.${name}`;
  // Unset until the visitor acts in this page: until then, what the tab kept.
  const written = atom<Value | undefined>(undefined);
  const kept = atom((get) => get(written) ?? readKept(keyOf(get), initial));
  return atom(
    (get) => get(kept),
    (get, set, update: SetStateAction<Value>) => {
      const next = typeof update === 'function' ? (update as (previous: Value) => Value)(get(kept)) : update;
      set(written, next);
      try {
        if (next === initial) tabStorage()?.removeItem(keyOf(get));
        else tabStorage()?.setItem(keyOf(get), JSON.stringify(next));
      } catch {
        // Storage full or refused: the value stays in memory for this page.
      }
    },
  );
}

/** The booking dialog as the visitor left it: a reload reopens it where they were. */
export interface BookingDetails {
  name: string;
  email: string;
  phone: string;
  /** The psychologist whose dialog is open; unset while none is. */
  psychologistId?: string;
  slotId?: string;
  /** The IANA timezone the visitor chose to read times in; unset, the browser's own. */
  timezone?: string;
  /**
   * A paid hold waiting for its payment (docs/decisions/0062): kept in the tab, so the dialog
   * resumes its payment step after FPX's or GrabPay's redirect, or a reload.
   */
  payment?: { appointmentId: string; token: string };
}

export const EMPTY_BOOKING_DETAILS: BookingDetails = { name: '', email: '', phone: '' };

/** The booking dialog's half-typed details and choices, until a booking is made. */
export const bookingDetailsAtom = keptAtom('booking', EMPTY_BOOKING_DETAILS);

/**
 * A reducer atom kept in the tab. The initial state (Take Screener Again) removes what was kept,
 * and the booking details, which belong to the same screening.
 */
function keptReducerAtom<Value extends object, Action>(
  name: string,
  initial: Value,
  reducer: (value: Value, action: Action) => Value,
): WritableAtom<Value, [Action], void> {
  const kept = keptAtom(name, initial);
  return atom(
    (get) => get(kept),
    (get, set, action: Action) => {
      const next = reducer(get(kept), action);
      set(kept, next);
      if (next === initial) set(bookingDetailsAtom, EMPTY_BOOKING_DETAILS);
    },
  );
}

export const dass21SessionAtom = keptReducerAtom('dass21', initialDass21Session, dass21SessionReducer);
export const combinedSessionAtom = keptReducerAtom('combined', initialCombinedSession, combinedSessionReducer);

const stores = new Map<string, ReturnType<typeof createStore>>();

/**
 * One store per screener: switching between the English and Malay routes keeps the visitor's
 * progress, while another clinic's screener starts fresh. A reload reads it back from the tab.
 */
export function screenerStore(identifier: string): ReturnType<typeof createStore> {
  let store = stores.get(identifier);
  if (!store) {
    store = createStore();
    store.set(screenerIdentifierAtom, identifier);
    stores.set(identifier, store);
  }
  return store;
}
