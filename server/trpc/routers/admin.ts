import { router } from '../init';
import { accountRouter } from './admin/account';
import { adminApiKeysRouter } from './admin/api-keys';
import { adminAppointmentsRouter } from './admin/appointments';
import { adminAuditLogRouter } from './admin/audit-log';
import { adminAvailabilityRouter } from './admin/availability';
import { adminScheduleRouter } from './admin/schedule';
import { adminBillingRouter } from './admin/billing';
import { adminBookingSettingsRouter } from './admin/booking-settings';
import { adminConfigurationRouter } from './admin/configuration';
import { adminInsightsRouter } from './admin/insights';
import { adminMeasureAlertsRouter } from './admin/measure-alerts';
import { adminMeasuresRouter } from './admin/measures';
import { adminMembersRouter } from './admin/members';
import { adminPaymentsRouter } from './admin/payments';
import { adminPsychologistsRouter } from './admin/psychologists';
import { adminSessionPlaceRouter } from './admin/session-place';
import { adminTwoFactorRouter } from './admin/two-factor';
import { adminWebhooksRouter } from './admin/webhooks';
import { adminWhatsappRouter } from './admin/whatsapp';

/** The clinic's portal: the signed-in member's session, then what the clinic manages, each by role (domain/roles.ts). */
export const adminRouter = router({
  account: accountRouter,
  twoFactor: adminTwoFactorRouter,
  configuration: adminConfigurationRouter,
  psychologists: adminPsychologistsRouter,
  availability: adminAvailabilityRouter,
  schedule: adminScheduleRouter,
  appointments: adminAppointmentsRouter,
  measures: adminMeasuresRouter,
  measureAlerts: adminMeasureAlertsRouter,
  bookingSettings: adminBookingSettingsRouter,
  sessionPlace: adminSessionPlaceRouter,
  whatsapp: adminWhatsappRouter,
  webhooks: adminWebhooksRouter,
  apiKeys: adminApiKeysRouter,
  auditLog: adminAuditLogRouter,
  insights: adminInsightsRouter,
  billing: adminBillingRouter,
  payments: adminPaymentsRouter,
  members: adminMembersRouter,
});
