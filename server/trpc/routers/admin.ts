import { router } from '../init';
import { accountRouter } from './admin/account';
import { adminAppointmentsRouter } from './admin/appointments';
import { adminAvailabilityRouter } from './admin/availability';
import { adminBookingSettingsRouter } from './admin/booking-settings';
import { adminConfigurationRouter } from './admin/configuration';
import { adminPsychologistsRouter } from './admin/psychologists';
import { adminWebhooksRouter } from './admin/webhooks';

/** The operator's portal: the signed-in account, then what it manages. */
export const adminRouter = router({
  account: accountRouter,
  configuration: adminConfigurationRouter,
  psychologists: adminPsychologistsRouter,
  availability: adminAvailabilityRouter,
  appointments: adminAppointmentsRouter,
  bookingSettings: adminBookingSettingsRouter,
  webhooks: adminWebhooksRouter,
});
