import { afterAll, beforeAll } from 'vitest';
import type { DialectName } from '../../db/connect';
import { createTestDatabase, type TestDatabase } from '../../db/testing/test-databases';
import { type E2eSession, useBrowserSession } from './session';

/**
 * The browser session of a journey run on each dialect: on MariaDB/MySQL the built server uses a
 * fresh database of its own (dropped after the file), on SQLite its own file. A blank
 * OPENAI_API_KEY keeps a developer's own key out: the built-in writer answers. The pages may be
 * injected with axe-core, so they bypass the CSP.
 */
export function useBrowserSessionOn(dialect: DialectName): E2eSession {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    if (dialect === 'mysql') database = await createTestDatabase('mysql');
  });
  afterAll(async () => {
    await database?.drop();
  });
  return useBrowserSession({
    serverEnv: (): Record<string, string> => ({ OPENAI_API_KEY: '', ...(database && { DATABASE_URL: database.url }) }),
    bypassCSP: true,
  });
}
