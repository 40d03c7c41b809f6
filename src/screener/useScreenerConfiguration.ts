import {
  DEFAULT_CONFIGURATION,
  DEFAULT_CONFIGURATION_ID,
  parseScreenerIdentifier,
  type PublicScreenerConfiguration,
} from '../../domain/configuration';
import { hasErrorCode } from '../lib/errors';
import { trpc } from '../lib/trpc';

export type ConfigurationState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; configuration: PublicScreenerConfiguration };

/**
 * A UUID is looked up by id, anything else by slug; an unknown
 * configuration silently becomes the default one, any other failure is an error. The sample
 * screener's slug is reserved, so asking the server for it would only log a 404 in the console.
 */
export function useScreenerConfiguration(identifier: string | undefined): ConfigurationState {
  const parsed = identifier && identifier !== DEFAULT_CONFIGURATION_ID ? parseScreenerIdentifier(identifier) : undefined;
  const byId = trpc.public.configuration.byId.useQuery(
    { id: parsed?.kind === 'id' ? parsed.id : '' },
    { enabled: parsed?.kind === 'id' },
  );
  const bySlug = trpc.public.configuration.bySlug.useQuery(
    { slug: parsed?.kind === 'slug' ? parsed.slug : '' },
    { enabled: parsed?.kind === 'slug' },
  );
  if (!parsed) return { status: 'ready', configuration: DEFAULT_CONFIGURATION };
  const query = parsed.kind === 'id' ? byId : bySlug;
  if (query.isPending) return { status: 'loading' };
  if (query.isError) {
    return hasErrorCode(query.error, 'NOT_FOUND')
      ? { status: 'ready', configuration: DEFAULT_CONFIGURATION }
      : { status: 'error' };
  }
  return { status: 'ready', configuration: query.data };
}
