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
  let loading: Settling<ComponentType<Props>> | undefined;
  const preload = () => {
    if (!loading || loading.status === 'rejected') loading = settling(load().then((module) => module.default));
    return loading;
  };
  function Preloadable(props: Props) {
    // Always use(), so the hooks React counts in development are the same on every render; a
    // promise that already says it is fulfilled does not suspend.
    const chunk: Promise<ComponentType<Props>> = loading ?? preload();
    const Component = use(chunk);
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}

/** A promise that records how it settled, as React's use() reads it (status, value, reason). */
type Settling<T> = Promise<T> & { status: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

function settling<T>(promise: Promise<T>): Settling<T> {
  const tracked = Object.assign(promise, { status: 'pending' as Settling<T>['status'] }) as Settling<T>;
  // Recording the failure also keeps it from being an unhandled rejection: it is the component's
  // to show when it draws.
  // (Block bodies: returning `tracked`, a promise, would chain this one to it.)
  promise.then(
    (value) => {
      Object.assign(tracked, { status: 'fulfilled', value });
    },
    (reason: unknown) => {
      Object.assign(tracked, { status: 'rejected', reason });
    },
  );
  return tracked;
}
