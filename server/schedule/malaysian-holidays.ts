import Holidays from 'date-holidays';
import type { MalaysianState } from '../../domain/malaysian-states';

export interface PublicHoliday {
  /** YYYY-MM-DD */
  date: string;
  name: string;
}

/**
 * The public holidays of a Malaysian state in a year, from the maintained `date-holidays`
 * data (national ones and the state's own; observed days included), one per date.
 */
export function malaysianPublicHolidays(state: MalaysianState, year: number, language: 'en' | 'ms'): PublicHoliday[] {
  const holidays = new Holidays('MY', state, { languages: [language], types: ['public'] });
  const byDate = new Map<string, string>();
  for (const holiday of holidays.getHolidays(year, language)) {
    const date = holiday.date.slice(0, 10);
    byDate.set(date, byDate.has(date) ? `${byDate.get(date)}, ${holiday.name}` : holiday.name);
  }
  return [...byDate].map(([date, name]) => ({ date, name }));
}
