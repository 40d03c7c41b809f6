import { ACCESS } from '../../../../domain/roles';
import { getWhatsappSettings, saveWhatsappSettings, ZSaveWhatsappSettings, ZWhatsappSettings } from '../../../whatsapp/whatsapp-settings';
import { memberProcedure, router } from '../../init';

/** The clinic's WhatsApp messages: its switch, the name they carry and the count sent this month. */
export const adminWhatsappRouter = router({
  get: memberProcedure(ACCESS.clinicSetup).output(ZWhatsappSettings).query(({ ctx }) => getWhatsappSettings(ctx)),
  update: memberProcedure(ACCESS.clinicSetup)
    .input(ZSaveWhatsappSettings)
    .output(ZWhatsappSettings)
    .mutation(({ ctx, input }) => saveWhatsappSettings(ctx, input)),
});
