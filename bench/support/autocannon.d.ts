// autocannon ships no types; this declares only the part bench/support/load.ts uses.
declare module 'autocannon' {
  interface Options {
    url: string;
    connections: number;
    /** Seconds. */
    duration: number;
    maxOverallRequests: number;
    headers?: Record<string, string>;
  }
  interface Result {
    /** Seconds actually run. */
    duration: number;
    '2xx': number;
    non2xx: number;
    errors: number;
    timeouts: number;
    latency: { p50: number; p99: number };
  }
  export default function autocannon(options: Options): Promise<Result>;
}
