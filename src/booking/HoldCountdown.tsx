import { useEffect, useState } from 'react';
import { holdTimeLeft } from '../../domain/hold-time-left';
import { useI18nContext } from '../../i18n/i18n-react';

/**
 * The time a hold has left, ticking each second. role="timer" is not live, so a screen reader
 * reads it when the visitor reaches it, not every second; running out is said once (a status).
 */
export function HoldCountdown({ expiresAt }: { expiresAt: Date }) {
  const { LL } = useI18nContext();
  const [now, setNow] = useState(() => new Date());
  const over = now >= expiresAt;
  useEffect(() => {
    if (over) return;
    const tick = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(tick);
  }, [over]);
  if (over) return <p role="status">{LL.booking.holdExpired()}</p>;
  return (
    <p>
      {LL.booking.holdTimeLeft()}{' '}
      <span role="timer" className="font-semibold tabular-nums">
        {holdTimeLeft(expiresAt, now)}
      </span>
    </p>
  );
}
