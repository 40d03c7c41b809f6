import { z } from 'zod';
import { applyHolidays } from '../../../schedule/apply-holidays';
import { addException, removeException } from '../../../schedule/change-exceptions';
import { getSchedule } from '../../../schedule/read-schedule';
import { listScheduleFreeTimes, ZScheduleFreeTime } from '../../../schedule/schedule-free-times';
import { ZListAvailabilityRequest } from '../../../availability/list-availability.types';
import { saveWeeklyHours } from '../../../schedule/save-weekly-hours';
import {
  ZAddExceptionRequest,
  ZApplyHolidaysRequest,
  ZApplyHolidaysResponse,
  ZDeleteExceptionRequest,
  ZPsychologistScheduleRequest,
  ZSaveWeeklyHoursRequest,
  ZScheduleResponse,
} from '../../../schedule/schedule.types';
import { ACCESS } from '../../../../domain/roles';
import { memberProcedure, router } from '../../init';

/** Weekly hours set once, dated exceptions and Malaysian public holidays (docs/decisions/0047). */
export const adminScheduleRouter = router({
  get: memberProcedure(ACCESS.schedules)
    .input(ZPsychologistScheduleRequest)
    .output(ZScheduleResponse)
    .query(({ ctx, input }) => getSchedule(ctx, input)),
  freeTimes: memberProcedure(ACCESS.schedules)
    .input(ZListAvailabilityRequest)
    .output(z.array(ZScheduleFreeTime))
    .query(({ ctx, input }) => listScheduleFreeTimes(ctx, input)),
  save: memberProcedure(ACCESS.schedules)
    .input(ZSaveWeeklyHoursRequest)
    .output(ZScheduleResponse)
    .mutation(({ ctx, input }) => saveWeeklyHours(ctx, input)),
  addException: memberProcedure(ACCESS.schedules)
    .input(ZAddExceptionRequest)
    .output(ZScheduleResponse)
    .mutation(({ ctx, input }) => addException(ctx, input)),
  deleteException: memberProcedure(ACCESS.schedules)
    .input(ZDeleteExceptionRequest)
    .output(ZScheduleResponse)
    .mutation(({ ctx, input }) => removeException(ctx, input)),
  applyHolidays: memberProcedure(ACCESS.schedules)
    .input(ZApplyHolidaysRequest)
    .output(ZApplyHolidaysResponse)
    .mutation(({ ctx, input }) => applyHolidays(ctx, input)),
});
