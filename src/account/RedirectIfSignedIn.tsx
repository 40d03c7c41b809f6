import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { DEFAULT_AFTER_SIGN_IN } from '../lib/return-path';
import { useCurrentOperator } from './useCurrentOperator';

/** A signed-in operator who opens /login or /signup goes to `to`: admin setup unless a page asked to be returned to. */
export function RedirectIfSignedIn({ to = DEFAULT_AFTER_SIGN_IN, children }: { to?: string; children: ReactNode }) {
  const current = useCurrentOperator();
  if (current.status === 'signedIn') return <Navigate to={to} replace />;
  return <>{children}</>;
}
