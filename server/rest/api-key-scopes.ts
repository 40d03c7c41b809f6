import type { ApiKeyScope } from '../../domain/api-keys';
import type { ProcedurePath } from '../trpc/root';

/**
 * The REST operations an API key may call, each with the scope it needs (docs/decisions/0058);
 * any operation not listed refuses every key. A key acts for its clinic with a receptionist's
 * view of the data, so it never sees shared results nor whether a visitor attached any, nor the
 * crisis flag. Members, keys, webhooks, billing, the screener and the account stay with a
 * signed-in person. The REST adapter hands a call's scope to the procedure's middleware
 * (server/trpc/init.ts); api-key-matrix.integration.test.ts holds each entry to a real route.
 */
export const API_KEY_SCOPE_OF: Readonly<Partial<Record<ProcedurePath, ApiKeyScope>>> = {
  'admin.appointments.list': 'appointments:read',
  'admin.appointments.today': 'appointments:read',
  'admin.appointments.cancel': 'appointments:write',
  'admin.appointments.confirm': 'appointments:write',
  'admin.appointments.decline': 'appointments:write',
  'admin.appointments.complete': 'appointments:write',
  'admin.appointments.noShow': 'appointments:write',
  'admin.appointments.declineAsSpam': 'appointments:write',
  'admin.appointments.setVideoLink': 'appointments:write',
  'admin.psychologists.list': 'schedule',
  'admin.schedule.get': 'schedule',
  'admin.schedule.save': 'schedule',
  'admin.schedule.addException': 'schedule',
  'admin.schedule.deleteException': 'schedule',
  'admin.schedule.applyHolidays': 'schedule',
  'admin.availability.generate': 'schedule',
  'admin.availability.list': 'schedule',
  'admin.availability.update': 'schedule',
  'admin.availability.delete': 'schedule',
  'admin.availability.clearDay': 'schedule',
  'admin.insights.get': 'insights:read',
};
