import { useId, useMemo, useState } from 'react';
import { searchZones, zonePlace } from '../../domain/time-zone-places';
import { useI18nContext } from '../../i18n/i18n-react';
import { browserTimeZone, timeZoneChoices } from '../lib/slot-times';

/**
 * Every timezone the browser knows, read as places with today's offset ('Kuala Lumpur (GMT+8)'),
 * narrowed by a search for a city or a country (in English or Malay). The chosen zone always
 * stays in the list; it is what the booking records.
 */
export function TimeZoneSelect({ value, onChange }: { value: string; onChange: (timezone: string) => void }) {
  const { LL } = useI18nContext();
  const id = useId();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const zones = useMemo(() => {
    const now = new Date();
    return timeZoneChoices(Intl.supportedValuesOf('timeZone'), [value, browserTimeZone()])
      .map((zone) => ({ zone, label: zonePlace(zone, now) }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [value]);
  const shown = useMemo(() => {
    const found = new Set(searchZones(zones.map(({ zone }) => zone), query));
    return zones.filter(({ zone }) => zone === value || found.has(zone));
  }, [zones, query, value]);
  return (
    <div className="flex flex-col gap-1">
      <label className="text-sm font-medium" htmlFor={searchId}>
        {LL.booking.timeZoneSearch()}
      </label>
      <input id={searchId} type="search" className="input input-sm w-full" value={query} onChange={(event) => setQuery(event.target.value)} />
      <label className="text-sm font-medium" htmlFor={id}>
        {LL.booking.timeZone()}
      </label>
      <select id={id} className="select select-sm w-full" value={value} onChange={(event) => onChange(event.target.value)}>
        {shown.map(({ zone, label }) => (
          <option key={zone} value={zone}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}
