import { getBookingSettings, saveBookingSettings, ZBookingSettings, ZSaveBookingSettings } from '../../../booking-settings/booking-settings';
import { ACCESS } from '../../../../domain/roles';
import { memberProcedure, router } from '../../init';

/** How the clinic takes bookings (e-mail confirmation, automatic confirmation, reminders) and how long it keeps visitors' data. */
export const adminBookingSettingsRouter = router({
  get: memberProcedure(ACCESS.clinicSetup).output(ZBookingSettings).query(({ ctx }) => getBookingSettings(ctx)),
  update: memberProcedure(ACCESS.clinicSetup)
    .input(ZSaveBookingSettings)
    .output(ZBookingSettings)
    .mutation(({ ctx, input }) => saveBookingSettings(ctx, input)),
});
