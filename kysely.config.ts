import { defineConfig } from 'kysely-ctl';
import { connectDatabase } from './db/connect';
import { migrationProvider } from './db/migrate';

// `npm run db:migrate` (kysely-ctl) migrates the database named by DATABASE_URL, the same one
// the server would use.
export default defineConfig({
  kysely: connectDatabase(process.env.DATABASE_URL).db,
  migrations: { provider: migrationProvider },
});
