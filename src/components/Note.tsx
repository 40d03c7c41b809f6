import type { ReactNode } from 'react';

/**
 * A calm note for what a visitor should read first (Important, under-age, the medical
 * disclaimer, the landing page's note): warm sand and dark ink, not a warning colour.
 */
export function Note({ role = 'note', children }: { role?: 'note' | 'status'; children: ReactNode }) {
  return (
    <div role={role} className="flex flex-col gap-1 rounded-box border-s-4 border-primary bg-accent p-4 text-left text-accent-content">
      {children}
    </div>
  );
}
