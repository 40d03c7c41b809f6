import { faultRun, resultTable } from './production-front/fault-run';

/**
 * The production front of issue 17 on this machine: HAProxy (Debian's package) over three
 * `node dist/server/main.js` processes on one MariaDB database, a mixed load, a SIGKILL and a
 * rolling restart, and the table of what clients and the database saw.
 * Run `npm run build` first. `tsx scripts/production-front.ts [seconds]` (60 by default).
 */
const seconds = Number(process.argv[2] ?? 60);
const result = await faultRun(seconds);
console.log(resultTable(result));
process.exit(result.pass ? 0 : 1);
