import { type ReactNode, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithPreload } from './lazy-with-preload';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const draw = (element: ReactNode) => renderToString(<Suspense fallback={<p>Loading</p>}>{element}</Suspense>);

describe('a lazily loaded component with preload', () => {
  it('draws at once when its chunk has arrived, where React.lazy would show its fallback first', async () => {
    const LazyGreeting = lazyWithPreload(async () => ({ default: Greeting }));
    await LazyGreeting.preload();
    expect(draw(<LazyGreeting name="Aina" />)).toContain('Hello');
  });

  it('fetches its chunk once however often it is asked, and again after a failure', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Greeting });
    const LazyGreeting = lazyWithPreload(load);
    await expect(Promise.all([LazyGreeting.preload(), LazyGreeting.preload()])).rejects.toThrow(TypeError);
    expect(load).toHaveBeenCalledTimes(1);
    await LazyGreeting.preload();
    await LazyGreeting.preload();
    expect(load).toHaveBeenCalledTimes(2);
    expect(draw(<LazyGreeting name="Aina" />)).toContain('Hello');
  });
});
