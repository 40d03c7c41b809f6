import { z } from 'zod';
import { listAuditLog, ZAuditEntry } from '../../../audit-log/list-audit-log';
import { ACCESS } from '../../../../domain/roles';
import { memberProcedure, router } from '../../init';

/** Who looked at or removed visitors' personal data, and when. */
export const adminAuditLogRouter = router({
  list: memberProcedure(ACCESS.clinicSetup).output(z.array(ZAuditEntry)).query(({ ctx }) => listAuditLog(ctx)),
});
