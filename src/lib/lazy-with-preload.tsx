import { type ComponentType, use } from 'react';

export type PreloadableComponent<Props> = ComponentType<Props> & {
  /** Starts fetching the component's chunk (again, if the last fetch failed). */
  preload: () => Promise<unknown>;
};

/**
 * A lazily loaded component whose chunk can be fetched ahead of its first draw. React.lazy
 * suspends on its first render even when the chunk arrived long before, so after a click the
 * Suspense fallback shows and holds the content back for up to 300 ms; it also keeps a failure
 * for good. This draws at once when the chunk is there and suspends only while it is on its way.
 * A failed fetch goes to the nearest error boundary, and only preload fetches it again (Chromium
 * fetches a failed module again, as whatwg/html#10327 asks; a browser that keeps the failure
 * needs a reload).
 */
export function lazyWithPreload<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): PreloadableComponent<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  let failed = false;
  const preload = () => {
    if (!loading || failed) {
      failed = false;
      loading = load().then(
        (module) => (loaded = module.default),
        (error: unknown) => {
          failed = true;
          throw error;
        },
      );
      // A failure is for the component to show when it draws, not an unhandled rejection.
      loading.catch(() => {});
    }
    return loading;
  };
  function Preloadable(props: Props) {
    const Component = loaded ?? use(loading ?? preload());
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
