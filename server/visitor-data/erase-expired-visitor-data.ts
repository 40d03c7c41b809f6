import { appointmentsPastRetention, clinicsKeepingVisitorData } from '../../db/repositories/visitor-data';
import { inTransaction } from '../../db/transaction';
import { RETENTION_DAYS, retentionCutoff } from '../../domain/retention';
import type { AppServices } from '../context';
import { eraseVisitorData } from './erase-visitor-data';

/** Appointments erased per transaction batch; a clinic's backlog is worked off batch by batch. */
const BATCH = 200;

/**
 * The daily retention job: for every clinic, erases the visitor's personal data of each
 * appointment that ended longer ago than the clinic's period (users.visitor_data_retention_days).
 * Safe with any number of processes: each appointment is erased by a guarded UPDATE, so one
 * process erases and audits it and the others find it done; no lock is held between them.
 */
export async function eraseExpiredVisitorData(services: Pick<AppServices, 'db' | 'now'>): Promise<number> {
  const now = services.now();
  let erased = 0;
  for (const clinic of await clinicsKeepingVisitorData(services.db, retentionCutoff(now, RETENTION_DAYS.min))) {
    const cutoff = retentionCutoff(now, clinic.retentionDays);
    for (;;) {
      const due = await appointmentsPastRetention(services.db, clinic.userId, cutoff, BATCH);
      for (const appointmentId of due) {
        const done = await inTransaction(services.db, (trx) =>
          eraseVisitorData(trx, { userId: clinic.userId, appointmentId, actor: 'system', action: 'retention.erased', now }),
        );
        if (done) erased += 1;
      }
      if (due.length < BATCH) break;
    }
  }
  return erased;
}
