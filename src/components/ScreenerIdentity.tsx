import { createContext, useContext } from 'react';
import type { PublicScreenerConfiguration } from '../../domain/configuration';

export interface ScreenerIdentity {
  /** The slug or configuration id the visitor came through; booking calls send it as `slug`. */
  identifier: string;
  configuration: PublicScreenerConfiguration;
}

export const ScreenerIdentityContext = createContext<ScreenerIdentity | null>(null);

export function useScreenerIdentity(): ScreenerIdentity {
  const identity = useContext(ScreenerIdentityContext);
  if (!identity) throw new Error('useScreenerIdentity outside a screener');
  return identity;
}
