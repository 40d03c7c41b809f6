import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useCurrentOperator } from './useCurrentOperator';

/** A signed-in operator who opens /login or /signup goes to admin setup. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const current = useCurrentOperator();
  if (current.status === 'signedIn') return <Navigate to="/admin-setup" replace />;
  return <>{children}</>;
}
