import type { WeekdayName } from '../../domain/time';

/** The generate-availability form of Schedule Management. */
export interface ScheduleDraft {
  psychologistId: string;
  /** YYYY-MM-DD, as a date input gives it. */
  startDate: string;
  endDate: string;
  /** HH:mm, as a time input gives it. */
  startTime: string;
  endTime: string;
  /** 0 = Sunday … 6 = Saturday, the payload's numbering. */
  daysOfWeek: number[];
}

/** The checkboxes in the order a Malaysian week is read, Monday first; `day` is the payload's number. */
export const WEEKDAYS: readonly { day: number; name: WeekdayName }[] = [
  { day: 1, name: 'monday' },
  { day: 2, name: 'tuesday' },
  { day: 3, name: 'wednesday' },
  { day: 4, name: 'thursday' },
  { day: 5, name: 'friday' },
  { day: 6, name: 'saturday' },
  { day: 0, name: 'sunday' },
];

/** The form starts with Monday to Friday. */
export const EMPTY_SCHEDULE_DRAFT: ScheduleDraft = {
  psychologistId: '',
  startDate: '',
  endDate: '',
  startTime: '',
  endTime: '',
  daysOfWeek: [1, 2, 3, 4, 5],
};

/** Every field filled and at least one weekday chosen. */
export function isScheduleComplete(draft: ScheduleDraft): boolean {
  return (
    draft.psychologistId !== '' &&
    draft.startDate !== '' &&
    draft.endDate !== '' &&
    draft.startTime !== '' &&
    draft.endTime !== '' &&
    draft.daysOfWeek.length > 0
  );
}

/** Adds or removes a weekday, keeping the list in payload order. */
export function toggleWeekday(days: readonly number[], day: number): number[] {
  return days.includes(day) ? days.filter((d) => d !== day) : [...days, day].sort((a, b) => a - b);
}
