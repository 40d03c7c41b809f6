import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

// One config builds the browser bundle (dist/client) and, with --ssr, the server bundle
// (dist/server) so production runs plain JavaScript with node_modules left external.

/**
 * React Router's package exports only its development build (remix-run/react-router#12532,
 * #14102), which keeps its development warnings in a production bundle. The browser bundle takes
 * the production build it ships beside it: 0.5 KB off every first load (decision 0017).
 */
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

/** The database tests that replace a module with vi.mock. */
const MOCKING_MODULES = ['server/appointments/reminders.integration.test.ts'];

const DATABASE_TESTS = {
  // One migrated MariaDB template per run; each test's database is its copy (decision 0065).
  globalSetup: ['db/testing/global-setup.ts'],
  // Only a hang ends here: a migration test builds its database step by step, which a loaded
  // machine has taken over 30 s to do (decision 0066).
  testTimeout: 120_000,
  hookTimeout: 120_000,
};

/**
 * Files that are short to read but long to run: the fuzz of every procedure and route, and the
 * browser tours, Today and the production front (100–200 s each, their steps in e2e/support). On
 * a fresh clone vitest has no timings and starts the largest files first, so these started last
 * and ran alone at the end of their phase while the other worker idled (decision 0069).
 */
const LONG_RUNNING = /[\\/](server[\\/]resilience[\\/]bad-input-[^\\/]+\.integration\.test|e2e[\\/](tour-[^\\/]+|today|production-front)\.e2e)\.ts$/;

/** vitest's order (projects one after another, then by past time or size), the long runners of each project first. Loaded only by vitest. */
async function longFilesFirstSequencer() {
  const { BaseSequencer } = await import('vitest/node');
  type Files = Parameters<InstanceType<typeof BaseSequencer>['sort']>[0];
  return class LongFilesFirst extends BaseSequencer {
    override async sort(files: Files) {
      const sorted = await super.sort(files);
      const long = (file: Files[number]) => LONG_RUNNING.test(file.moduleId);
      const projects = [...new Set(sorted.map((file) => file.project.name))];
      return projects.flatMap((project) => {
        const own = sorted.filter((file) => file.project.name === project);
        return [...own.filter(long), ...own.filter((file) => !long(file))];
      });
    }
  };
}
const sequencer = process.env.VITEST ? await longFilesFirstSequencer() : undefined;

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: isSsrBuild ? [] : [react(), tailwindcss()],
  publicDir: isSsrBuild ? false : 'public',
  resolve: command === 'build' && !isSsrBuild ? { alias: REACT_ROUTER_PRODUCTION } : undefined,
  build: isSsrBuild
    ? { target: 'node20', sourcemap: true, emptyOutDir: true }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        // bench/client-weight.ts reads the maps to name each chunk's modules. Hidden: no bundle
        // names its map, and the server never serves one (decision 0018).
        sourcemap: 'hidden',
        // The manifest lets bench/client-weight.ts follow each route's first-load chunks.
        manifest: true,
        // The polyfill only fetches index.html's modulepreload links early in browsers without
        // modulepreload (Safari < 17, Firefox < 115); there they load the same chunks when
        // imported. Dynamic imports keep their preloads. 0.2 KB off the screener's first load.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          // tRPC's client packages declare no `sideEffects`, so every link they export (the
          // WebSocket one, the streaming ones) stayed in the entry chunk though only
          // httpBatchLink is used. They have none: importing them registers nothing.
          treeshake: { moduleSideEffects: [{ test: /[\\/]node_modules[\\/]@trpc[\\/](client|react-query)[\\/]/, sideEffects: false }] },
          output: {
            codeSplitting: {
              groups: [
                // One chunk beside the entry for what every first load and the screener's consent step
                // need: React and React DOM, the texts' runtime, the state atoms, the stock texts, the screener's frame (shared with
                // the appointment page), the tab's storage (shared with the embed's payment page), the screening sessions' shared shape
                // and where each test starts (domain/screening-session.ts; each test's rules come with its questions), and the libraries these pull in.
                // Left to itself Rolldown cut them into six chunks of 0.4–4.7 KB, and a browser counts
                // 300 bytes of headers for each file it fetches (decision 0017).
                {
                  name: 'app',
                  test: /[\\/](node_modules[\\/](react|react-dom|scheduler|jotai|typesafe-i18n)[\\/]|i18n[\\/]i18n-react\.tsx$|i18n[\\/]en[\\/]screener-stock-texts\.ts$|src[\\/]screener[\\/](ScreenerHeader|ScreenerLogo|RetryBoundary|NeedHelp|useScreenerConfiguration)\.tsx?$|src[\\/]lib[\\/](brand-colour-style|tab-storage)\.ts$|src[\\/]components[\\/]SiteFooter\.tsx$|domain[\\/](configuration|brand-colour|screening-session)\.ts$)/,
                },
              ],
            },
          },
        },
      },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/trpc': 'http://127.0.0.1:3000',
      '/healthz': 'http://127.0.0.1:3000',
    },
  },
  test: {
    // Two files at a time in every phase: vitest's default on two cores is one, and a file mostly
    // waits (on MariaDB, a timer, a mail, a page), which left a core idle. Each file has its own
    // database, ports, SMTP capture and, in e2e, its own server and Chromium (docs/decisions/0044).
    maxWorkers: 2,
    ...(sequencer && { sequence: { sequencer } }),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{src,i18n,server,db,domain,scripts}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.integration.test.ts'],
          environment: 'node',
          // A worker imports the modules once for all its files, not once a file (decision 0066).
          isolate: false,
          // Only a hang ends here: a year of slots in a far zone took over 5 s at a load of 15.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['{server,db}/**/*.integration.test.ts'],
          exclude: MOCKING_MODULES,
          ...DATABASE_TESTS,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // A file that replaces a module needs its own module graph: vi.mock may neither take
          // hold nor stay in its file in a graph that other files share.
          name: 'integration-isolated',
          include: MOCKING_MODULES,
          ...DATABASE_TESTS,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          // The same templates: each built server's SQLite file, and each MariaDB database a
          // journey or the production front asks for, start as a copy (decision 0070).
          globalSetup: ['db/testing/global-setup.ts'],
          // A worker imports Playwright, the database layer and the texts once for all its files:
          // a fresh process and module graph for each file left a worker idle 10–20 s between
          // two files on a loaded machine, a quarter of the phase (decision 0070). No browser
          // file replaces a module or changes the environment; each file's server, Chromium,
          // database and ports are still its own.
          isolate: false,
          // A timeout here only ends a journey that hangs: a busy CI machine has taken over twice
          // this one's time (decision 0066), and how fast a page is, bench/ measures.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // What a page or a mail shows a busier machine may show later than vitest's 1 s default.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
}));
