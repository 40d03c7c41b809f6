import { findLapsedHolds, forgetSharedResults, moveAppointment, recordAppointmentEvent } from '../../db/repositories/appointments';
import { inTransaction } from '../../db/transaction';
import type { AppServices } from '../context';

/** Holds expired per pass; a backlog is worked off over the next passes. */
const BATCH = 200;

/**
 * Frees the slots of holds whose visitor did not confirm in time, and drops the results they
 * shared: the clinic never sees a lapsed hold, so nothing is kept for it. Safe with any number of
 * processes: each hold moves by a guarded update, so only one process records its expiry, and a
 * confirmation racing it either wins or is refused.
 */
export async function expireLapsedHolds(services: Pick<AppServices, 'db' | 'now'>): Promise<number> {
  const now = services.now();
  let expired = 0;
  for (const appointmentId of await findLapsedHolds(services.db, now, BATCH)) {
    await inTransaction(services.db, async (trx) => {
      if (!(await moveAppointment(trx, appointmentId, 'expired', now))) return;
      await recordAppointmentEvent(trx, { appointmentId, actor: 'system', from: 'held', to: 'expired', at: now });
      await forgetSharedResults(trx, appointmentId);
      expired += 1;
    });
  }
  return expired;
}
