import { getBookingSettings, saveBookingSettings, ZBookingSettings } from '../../../booking-settings/booking-settings';
import { adminProcedure, router } from '../../init';

/** How the clinic takes bookings: e-mail confirmation, automatic confirmation. */
export const adminBookingSettingsRouter = router({
  get: adminProcedure.output(ZBookingSettings).query(({ ctx }) => getBookingSettings(ctx)),
  update: adminProcedure
    .input(ZBookingSettings)
    .output(ZBookingSettings)
    .mutation(({ ctx, input }) => saveBookingSettings(ctx, input)),
});
