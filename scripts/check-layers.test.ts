import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import madge from 'madge';
import { describe, expect, it } from 'vitest';
import { type Imports, layerViolations, readImports } from './check-layers';

// Read once: TypeScript's import scanner takes about a second for the whole tree, where madge's
// own parser takes ten or more on this machine (decision 0046).
const imports = readImports();

describe('the layers of the code', () => {
  it('have no import pointing up a layer', () => {
    expect(layerViolations(imports)).toEqual([]);
  });

  it('have no import cycle, type-only imports counted', async () => {
    expect((await madge(imports.graph)).circular()).toEqual([]);
  });
});

describe('readImports', () => {
  it('reads every form of import as an edge (type-only, re-export, dynamic, renamed), and follows imports out of the layers', () => {
    const root = mkdtempSync(join(tmpdir(), 'layers-'));
    const files = {
      'db/a.ts': "import type { B } from '../server/b';\nexport type A = B;",
      'domain/index.ts': "export type { B } from '../server/b';",
      'server/b.ts': 'export type B = 1;',
      'server/context.ts': "export type AppServices = 1; export type RequestContext = 2;",
      'server/mail/worker.ts': "import { type AppServices as Services, type RequestContext } from '../context';\nconst x = 1;\nexport { x };",
      'server/mail/all.ts': "import * as context from '../context';",
      'src/c.tsx': "export const load = () => import('../domain');\nexport * from '../examples/e';",
      'examples/e.ts': "export type { B } from '../server/b';",
      'i18n/d.ts': 'export {};',
    };
    try {
      for (const [file, source] of Object.entries(files)) {
        mkdirSync(dirname(join(root, file)), { recursive: true });
        writeFileSync(join(root, file), source);
      }
      expect(readImports(root)).toEqual({
        graph: {
          'db/a.ts': ['server/b.ts'],
          'domain/index.ts': ['server/b.ts'],
          'server/b.ts': [],
          'server/context.ts': [],
          'server/mail/worker.ts': ['server/context.ts'],
          'server/mail/all.ts': ['server/context.ts'],
          'src/c.tsx': ['domain/index.ts', 'examples/e.ts'],
          'examples/e.ts': ['server/b.ts'],
          'i18n/d.ts': [],
        },
        fromContext: { 'server/mail/worker.ts': ['AppServices', 'RequestContext'], 'server/mail/all.ts': ['*'] },
      });
    } finally {
      rmSync(root, { recursive: true });
    }
  });
});

describe('layerViolations', () => {
  const only = (graph: Imports['graph'], fromContext: Imports['fromContext'] = {}) => layerViolations({ graph, fromContext });

  it('finds db/ or domain/ importing server/ or src/', () => {
    expect(only({ 'db/a.ts': ['server/b.ts'], 'domain/c.ts': ['src/d.tsx', 'i18n/e.ts'] })).toEqual([
      'db/a.ts → server/b.ts: db/ and domain/ import nothing from server/ or src/',
      'domain/c.ts → src/d.tsx: db/ and domain/ import nothing from server/ or src/',
    ]);
  });

  it('finds a room of server/ importing the tRPC or REST adapters, but not a test driving them', () => {
    expect(
      only({
        'server/metrics/a.ts': ['server/trpc/root.ts'],
        'server/members/b.ts': ['server/rest/routes.ts'],
        'server/members/b.integration.test.ts': ['server/trpc/root.ts'],
        'server/testing/caller.ts': ['server/trpc/root.ts'],
        'server/resilience/bad-input-app.ts': ['server/trpc/root.ts'],
        'server/rest/c.ts': ['server/trpc/root.ts'],
        'server/app.ts': ['server/trpc/root.ts'],
      }),
    ).toEqual([
      'server/metrics/a.ts → server/trpc/root.ts: a room of server/ is called by the adapters, never calls them',
      'server/members/b.ts → server/rest/routes.ts: a room of server/ is called by the adapters, never calls them',
    ]);
  });

  it('finds the services taken from context.ts in a room context.ts is built from, not a use case taking its call', () => {
    const graph = {
      'server/context.ts': ['server/mail/transport.ts'],
      'server/mail/transport.ts': [],
      'server/mail/worker.ts': ['server/context.ts'],
      'server/mail/send.ts': ['server/context.ts'],
      'server/mail/all.ts': ['server/context.ts'],
      'server/appointments/job.ts': ['server/context.ts'],
    };
    const fromContext = {
      'server/mail/worker.ts': ['AppServices'],
      'server/mail/send.ts': ['RequestContext', 'OperatorContext'],
      'server/mail/all.ts': ['*'],
      'server/appointments/job.ts': ['AppServices'],
    };
    expect(only(graph, fromContext)).toEqual([
      'server/mail/worker.ts → server/context.ts (AppServices): server/mail is one that context.ts is built from; it names the services it takes in its own type',
      'server/mail/all.ts → server/context.ts (*): server/mail is one that context.ts is built from; it names the services it takes in its own type',
    ]);
  });
});
