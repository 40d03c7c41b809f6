import type { Kysely } from 'kysely';
import { DEMO_OPERATOR, demoAccountPasswordHashes } from '../db/seed-demo';
import type { Database } from '../db/schema';
import { verifyPassword } from './auth/passwords';
import { EnvError } from './env';

/**
 * Production never seeds the demo operator, but a database seeded in development can still be
 * deployed, or someone can make the account by hand; its password is published in the README.
 * Only the demo's own username and e-mail are checked: verifying every account's hash would
 * cost a deliberately slow argon2 call per operator at each start.
 */
export async function refuseDemoAccount(db: Kysely<Database>): Promise<void> {
  for (const passwordHash of await demoAccountPasswordHashes(db)) {
    // A hash argon2 cannot read signs nobody in, with the demo password or any other.
    if (await verifyPassword(passwordHash, DEMO_OPERATOR.password).catch(() => false)) {
      throw new EnvError(
        `Refusing to start in production: the demo account ('${DEMO_OPERATOR.username}' or ${DEMO_OPERATOR.email}) signs in with the password published in the README. Change its password or delete the account.`,
      );
    }
  }
}
