import { useI18nContext } from '../../i18n/i18n-react';

export interface MenuEntry {
  /** The id of the element the link scrolls to. */
  id: string;
  label: string;
  /** Requests waiting for the clinic's answer, shown beside the label when there are any. */
  waiting?: number;
}

/**
 * Links to each section of admin setup, kept in view while the page scrolls: a strip along the
 * top on a narrow screen, a column beside the sections on a wide one. Plain `#id` links: the
 * browser scrolls there, and the next Tab goes on from there.
 */
export function SectionMenu({ entries }: { entries: MenuEntry[] }) {
  const { LL } = useI18nContext();
  const t = LL.admin.sectionMenu;
  return (
    <nav
      aria-label={t.label()}
      className="sticky top-0 z-10 bg-base-100 shadow-sm lg:top-4 lg:w-48 lg:shrink-0 lg:self-start lg:rounded-box"
    >
      <ul className="menu menu-sm menu-horizontal w-full flex-nowrap overflow-x-auto lg:menu-vertical">
        {entries.map((entry) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`} className="whitespace-nowrap">
              {entry.label}
              {entry.waiting ? (
                <>
                  <span className="badge badge-warning badge-sm" aria-hidden="true">
                    {entry.waiting}
                  </span>{' '}
                  <span className="sr-only">{t.waiting({ count: entry.waiting })}</span>
                </>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
