import { getIronSession } from 'iron-session';
import type { Locales } from '../../i18n/i18n-types';
import { type AppServices, createInnerContext } from '../context';
import { type AdminSessionData, sessionOptions } from '../session';
import { createCaller } from '../trpc/root';

/** A browser's cookie jar, for a caller that signs in and out as the browser would. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  get(name: string): { name: string; value: string } | undefined {
    const value = this.cookies.get(name);
    return value === undefined ? undefined : { name, value };
  }

  set(nameOrOptions: string | { name: string; value: string }, value?: string): void {
    const [name, content] = typeof nameOrOptions === 'string' ? [nameOrOptions, value ?? ''] : [nameOrOptions.name, nameOrOptions.value];
    if (content === '') this.cookies.delete(name);
    else this.cookies.set(name, content);
  }

  /** Takes a `name=value` pair, as sessionCookie() makes it. */
  static holding(cookie: string): CookieJar {
    const jar = new CookieJar();
    const separator = cookie.indexOf('=');
    jar.set(cookie.slice(0, separator), cookie.slice(separator + 1));
    return jar;
  }
}

export interface CallerOptions {
  /** The cookies the caller sends and keeps; a new, empty jar by default. */
  jar?: CookieJar;
  locale?: Locales;
  ip?: string;
}

/**
 * The procedures, called in-process with typed inputs and outputs, as tRPC's own examples test
 * them (`createCaller(innerContext)`). What HTTP adds (status codes, headers, CSRF) is tested
 * over HTTP instead.
 */
export function callerFor(services: AppServices, { jar = new CookieJar(), locale = 'en', ip = '203.0.113.7' }: CallerOptions = {}) {
  // A context per call, so a test that moves `services.now` moves it for callers made before.
  return createCaller(() =>
    createInnerContext(services, {
      requestId: 'test',
      ip,
      locale,
      session: () => getIronSession<AdminSessionData>(jar, sessionOptions(services.env)),
    }),
  );
}

export type Caller = ReturnType<typeof callerFor>;
