import { useEffect, useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useI18nContext } from '../../i18n/i18n-react';
import { adminPath } from './admin-paths';

export interface MenuEntry {
  /** The screen's id, its address's last part: /admin/<id>. */
  id: string;
  label: string;
  /** Requests waiting for the clinic's answer, shown beside the label when there are any. */
  waiting?: number;
}

/**
 * Links to each screen of the admin (docs/decisions/0048): a column beside the screen on a wide
 * window; on a phone, a Menu button that opens the same list and closes once a screen is
 * chosen, so nothing runs off the side.
 */
export function SectionMenu({ entries }: { entries: MenuEntry[] }) {
  const { LL, locale } = useI18nContext();
  const t = LL.admin.sectionMenu;
  const listId = useId();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  return (
    <nav aria-label={t.label()} className="bg-base-100 shadow-sm lg:w-52 lg:shrink-0 lg:self-start lg:rounded-box">
      <button
        type="button"
        className="btn btn-ghost btn-block justify-start lg:hidden"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">☰</span> {t.open()}
      </button>
      <ul id={listId} className={`menu w-full ${open ? '' : 'hidden'} lg:flex`}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <NavLink to={adminPath(locale, entry.id)} className={({ isActive }) => (isActive ? 'menu-active' : '')}>
              {entry.label}
              {entry.waiting ? (
                <>
                  <span className="badge badge-warning badge-sm" aria-hidden="true">
                    {entry.waiting}
                  </span>{' '}
                  <span className="sr-only">{t.waiting({ count: entry.waiting })}</span>
                </>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
