import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import TypesafeI18n, { useI18nContext } from '../../i18n/i18n-react';
import type { Locales, Namespaces } from '../../i18n/i18n-types';
import { loadLocaleAsync, loadNamespaceAsync } from '../../i18n/i18n-util.async';
import { useRouteLocale } from '../lib/locale';

/** A locale's root dictionary with the namespaces loaded beside it. */
interface Dictionary {
  locale: Locales;
  namespaces: ReadonlySet<Namespaces>;
}

interface NamespaceState {
  /** The namespaces the current LL holds. */
  drawn: ReadonlySet<Namespaces>;
  ask: (namespaces: readonly Namespaces[]) => void;
  /** Whether the last load of the dictionary failed (a network blip, or a chunk gone after a deploy). */
  failed: boolean;
  /** Loads the dictionary again. */
  retry: () => void;
}

const NamespaceContext = createContext<NamespaceState>({ drawn: new Set(), ask: () => {}, failed: false, retry: () => {} });

const loadDictionary = ({ locale, namespaces }: Dictionary) =>
  Promise.all([loadLocaleAsync(locale), ...[...namespaces].map((namespace) => loadNamespaceAsync(locale, namespace))]);

/**
 * typesafe-i18n reads its locale prop once and builds LL from the dictionary as it is at that
 * moment, so a new locale or a newly loaded namespace needs setLocale. LL and the namespaces it
 * holds change in the same render, so a part waiting for its texts never draws them empty.
 */
function FollowDictionary({
  loaded,
  ask,
  failed,
  retry,
  children,
}: Omit<NamespaceState, 'drawn'> & { loaded: Dictionary; children: ReactNode }) {
  const { setLocale } = useI18nContext();
  const [drawn, setDrawn] = useState(loaded);
  useLayoutEffect(() => {
    if (drawn === loaded) return;
    setLocale(loaded.locale);
    setDrawn(loaded);
  }, [drawn, loaded, setLocale]);
  const state = useMemo(() => ({ drawn: drawn.namespaces, ask, failed, retry }), [drawn, ask, failed, retry]);
  return <NamespaceContext.Provider value={state}>{children}</NamespaceContext.Provider>;
}

/**
 * Loads the route's dictionary (each locale is its own chunk) before drawing the page, and the
 * namespaces parts of the page ask for. A namespace once asked for is loaded with every later
 * locale too, so switching language never draws a part without its texts.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const locale = useRouteLocale();
  const [asked, setAsked] = useState<ReadonlySet<Namespaces>>(() => new Set());
  const [loaded, setLoaded] = useState<Dictionary | null>(null);
  const [failedNamespaces, setFailedNamespaces] = useState<ReadonlySet<Namespaces>>();

  useEffect(() => {
    let current = true;
    const wanted = { locale, namespaces: asked };
    loadDictionary(wanted).then(
      () => current && setLoaded(wanted),
      () => current && setFailedNamespaces(asked),
    );
    document.documentElement.lang = locale;
    return () => {
      current = false;
    };
  }, [locale, asked]);

  const ask = useCallback((namespaces: readonly Namespaces[]) => {
    setAsked((current) =>
      namespaces.every((namespace) => current.has(namespace)) ? current : new Set([...current, ...namespaces]),
    );
  }, []);

  // A failure holds for the namespaces asked when it happened: a new set, even one asking for
  // the same namespaces, loads again.
  const failed = failedNamespaces === asked;
  const retry = useCallback(() => setAsked((current) => new Set(current)), []);

  if (loaded === null) return null;
  // While a new locale or namespace loads, the previous dictionary keeps the page readable.
  return (
    <TypesafeI18n locale={loaded.locale}>
      <FollowDictionary loaded={loaded} ask={ask} failed={failed} retry={retry}>
        {children}
      </FollowDictionary>
    </TypesafeI18n>
  );
}

/**
 * Asks for dictionary namespaces (when `enabled`) and tells whether LL holds them yet. A part
 * can ask early, before it draws, so its texts are there when it does.
 */
export function useNamespaces(namespaces: readonly Namespaces[], enabled = true): boolean {
  const { drawn, ask } = useContext(NamespaceContext);
  const key = namespaces.join(',');
  useEffect(() => {
    if (enabled && key !== '') ask(key.split(',') as Namespaces[]);
  }, [ask, key, enabled]);
  return namespaces.every((namespace) => drawn.has(namespace));
}

/** Whether the last load of texts failed, and how to load them again. */
export function useTextsFailure(): Pick<NamespaceState, 'failed' | 'retry'> {
  return useContext(NamespaceContext);
}

/** Draws its children once LL holds the namespaces they read, the fallback until then. */
export function WithNamespaces({
  namespaces,
  fallback = null,
  children,
}: {
  namespaces: readonly Namespaces[];
  fallback?: ReactNode;
  children: ReactNode;
}) {
  return useNamespaces(namespaces) ? children : fallback;
}
