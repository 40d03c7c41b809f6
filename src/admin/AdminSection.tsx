import { type ReactNode, useId } from 'react';

/** One titled card of the admin page; its heading names the region for screen readers. */
export function AdminSection({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-4 sm:p-6">
        <div>
          <h2 id={headingId} className="card-title text-xl">
            {title}
          </h2>
          {intro && <p className="text-sm text-base-content/80">{intro}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
