import type { ReactNode } from 'react';

const ALERT_CLASS = { error: 'alert-error', info: 'alert-info', success: 'alert-success' } as const;

/** The card that stands in for the payment form while it loads, when it cannot be shown, or once the subscription is active. */
export function BillingNotice({ tone, children }: { tone: 'loading' | keyof typeof ALERT_CLASS; children: ReactNode }) {
  if (tone === 'loading') {
    return (
      <p role="status" aria-busy="true" className="text-center">
        {children}
      </p>
    );
  }
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`alert ${ALERT_CLASS[tone]} alert-vertical`}>
      {children}
    </div>
  );
}
