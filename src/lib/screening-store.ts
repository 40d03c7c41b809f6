import { atom, createStore, type Getter, type SetStateAction, type WritableAtom } from 'jotai';
import type { CombinedAction, CombinedSession } from '../../domain/combined-session';
import type { Dass21Action, Dass21Session } from '../../domain/dass21-session';
import { initialCombinedSession, initialDass21Session } from '../../domain/screening-session';
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

type Reducer<Value, Action> = (value: Value, action: Action) => Value;

/**
 * A test's rules: its reducer, with the questions and the scoring under it. They are fetched
 * while the consent step shows, as the questions are, so the screener's first load draws that
 * step without them (decision 0017). `loaded` is the reducer once it has arrived.
 */
export interface SessionRules<Value, Action> {
  load: () => Promise<Reducer<Value, Action>>;
  loaded: () => Reducer<Value, Action> | undefined;
}

function sessionRules<Value, Action>(fetch: () => Promise<Reducer<Value, Action>>): SessionRules<Value, Action> {
  let reducer: Reducer<Value, Action> | undefined;
  let loading: Promise<Reducer<Value, Action>> | undefined;
  const load = () => {
    loading ??= fetch().then(
      (fetched) => (reducer = fetched),
      (error: unknown) => {
        // Forgotten, so the next load fetches them again (ScreenerFlow's Try again; Chromium
        // fetches a failed module again).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return { load, loaded: () => reducer };
}

/** The session before and after an action: what the clinic's counts are worked out from. */
export type SessionStep<Value> = readonly [before: Value, after: Value];

/**
 * A reducer atom kept in the tab. An action waits for the test's rules, so the write settles
 * with the step it made; actions waiting together are applied in the order they came, each to
 * the session the one before left. The initial state (Take Screener Again) removes what was
 * kept, and the booking details, which belong to the same screening.
 */
function keptReducerAtom<Value extends object, Action>(
  name: string,
  initial: Value,
  rules: SessionRules<Value, Action>,
): WritableAtom<Value, [Action], Promise<SessionStep<Value>>> {
  const kept = keptAtom(name, initial);
  return atom(
    (get) => get(kept),
    async (get, set, action: Action) => {
      const reduce = await rules.load();
      const before = get(kept);
      const next = reduce(before, action);
      set(kept, next);
      if (next === initial) set(bookingDetailsAtom, EMPTY_BOOKING_DETAILS);
      return [before, next] as const;
    },
  );
}

export const dass21Rules: SessionRules<Dass21Session, Dass21Action> = sessionRules(
  async () => (await import('../../domain/dass21-session')).dass21SessionReducer,
);
export const combinedRules: SessionRules<CombinedSession, CombinedAction> = sessionRules(
  async () => (await import('../../domain/combined-session')).combinedSessionReducer,
);
export const dass21SessionAtom = keptReducerAtom<Dass21Session, Dass21Action>('dass21', initialDass21Session, dass21Rules);
export const combinedSessionAtom = keptReducerAtom<CombinedSession, CombinedAction>('combined', initialCombinedSession, combinedRules);

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
