import { useId, useMemo } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import { browserTimeZone, timeZoneChoices, timeZoneLabel } from '../lib/slot-times';

/**
 * Every IANA timezone the browser knows, by name with today's offset ('Asia/Kuala Lumpur
 * (GMT+8)'); the chosen one is what the booking records.
 */
export function TimeZoneSelect({ value, onChange }: { value: string; onChange: (timezone: string) => void }) {
  const { LL } = useI18nContext();
  const id = useId();
  const zones = useMemo(() => {
    const now = new Date();
    return timeZoneChoices(Intl.supportedValuesOf('timeZone'), [value, browserTimeZone()]).map((zone) => ({ zone, label: timeZoneLabel(zone, now) }));
  }, [value]);
  return (
    <div className="flex flex-col gap-1">
      <label className="text-sm font-medium" htmlFor={id}>
        {LL.booking.timeZone()}
      </label>
      <select id={id} className="select select-sm w-full" value={value} onChange={(event) => onChange(event.target.value)}>
        {zones.map(({ zone, label }) => (
          <option key={zone} value={zone}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}
