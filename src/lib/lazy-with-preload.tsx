import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

export type PreloadableComponent<Props> = LazyExoticComponent<ComponentType<Props>> & {
  /** Starts fetching the component's chunk, so its first render finds it loaded. */
  preload: () => Promise<unknown>;
};

/** React.lazy whose chunk can be fetched before it first draws. A failed fetch is tried again. */
export function lazyWithPreload<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): PreloadableComponent<Props> {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return Object.assign(lazy(preload), { preload });
}
