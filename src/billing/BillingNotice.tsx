import type { ReactNode } from 'react';

/** The card that stands in for the payment form while it loads, or when it cannot be shown. */
export function BillingNotice({ tone, children }: { tone: 'loading' | 'error' | 'info'; children: ReactNode }) {
  if (tone === 'loading') {
    return (
      <p role="status" aria-busy="true" className="text-center">
        {children}
      </p>
    );
  }
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`alert ${tone === 'error' ? 'alert-error' : 'alert-info'} alert-vertical`}>
      {children}
    </div>
  );
}
