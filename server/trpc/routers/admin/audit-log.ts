import { z } from 'zod';
import { listAuditLog, ZAuditEntry } from '../../../audit-log/list-audit-log';
import { adminProcedure, router } from '../../init';

/** Who looked at or removed visitors' personal data, and when. */
export const adminAuditLogRouter = router({
  list: adminProcedure.output(z.array(ZAuditEntry)).query(({ ctx }) => listAuditLog(ctx)),
});
