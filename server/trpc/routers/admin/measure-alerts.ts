import { ACCESS } from '../../../../domain/roles';
import { acknowledgeMeasureAlert, ZAcknowledgeAlertRequest, ZAlertAcknowledgement } from '../../../measures/acknowledge-alert';
import { openAlertsOf, ZOpenAlerts } from '../../../measures/list-open-alerts';
import { memberProcedure, router } from '../../init';

/** Alerts on measures (issue 30): health data, so never the receptionist's. */
export const adminMeasureAlertsRouter = router({
  open: memberProcedure(ACCESS.attachedResults).output(ZOpenAlerts).query(({ ctx }) => openAlertsOf(ctx)),
  acknowledge: memberProcedure(ACCESS.attachedResults).input(ZAcknowledgeAlertRequest).output(ZAlertAcknowledgement).mutation(({ ctx, input }) => acknowledgeMeasureAlert(ctx, input)),
});
