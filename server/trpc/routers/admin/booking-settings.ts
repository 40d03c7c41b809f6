import { getBookingSettings, saveBookingSettings, ZBookingSettings, ZSaveBookingSettings } from '../../../booking-settings/booking-settings';
import { adminProcedure, router } from '../../init';

/** How the clinic takes bookings (e-mail confirmation, automatic confirmation, reminders) and how long it keeps visitors' data. */
export const adminBookingSettingsRouter = router({
  get: adminProcedure.output(ZBookingSettings).query(({ ctx }) => getBookingSettings(ctx)),
  update: adminProcedure
    .input(ZSaveBookingSettings)
    .output(ZBookingSettings)
    .mutation(({ ctx, input }) => saveBookingSettings(ctx, input)),
});
