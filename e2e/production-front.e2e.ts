import { describe, expect, it } from 'vitest';
import { faultRun, resultTable } from '../scripts/production-front/fault-run';

// The short fault run of issue 17 (scripts/production-front.ts runs the 60-second one): HAProxy,
// three production processes from the build, one MariaDB database, visitors and operators, a
// SIGKILL and a rolling restart under load.
describe('the production front under faults', () => {
  it('loses no request to a rolling restart, answers 502 for what was in flight on a killed process, and loses no appointment, session, mail, reminder, webhook or hold', async () => {
    const result = await faultRun(20);
    console.log(resultTable(result));
    const measured = (requirement: string) => result.checks.find((check) => check.requirement === requirement)!;
    for (const requirement of [
      'rolling restart: failed requests',
      'SIGKILL: failures only in flight, as 502/503',
      'other failed requests',
      'operator sessions kept across kill and restarts',
      'appointments lost / doubled',
      'mails sent exactly once, but those in flight on the killed process',
      'reminders queued exactly once',
      'webhooks delivered exactly once, but those in flight on the killed process',
      'holds expired within a minute',
    ]) {
      expect(measured(requirement), requirement).toMatchObject({ pass: true });
    }
    expect(result.load.every((kind) => kind.requests > 0)).toBe(true);
  }, 300_000);
});
