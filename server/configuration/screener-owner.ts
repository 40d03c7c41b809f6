import { requiredText } from '../zod-fields';
import type { ScreenerConfiguration } from '../../domain/configuration';
import { type ConfigurationReader, findScreenerConfiguration } from './get-public-configuration';

/** The screener in the visitor's URL: a company slug (current or earlier) or a configuration id. */
export const ZScreenerIdentifier = requiredText(100);

/** A screener that an operator owns: where visitors book that operator's psychologists. */
export type OwnedScreener = ScreenerConfiguration & { userId: string };

/**
 * The screener of the visitor's URL, by the same rule and through the same cache as the
 * configuration lookup (a UUID is an id, anything else a slug). Undefined for an unknown identifier; the sample
 * screener has no owner and is never found.
 */
export async function findOwnedScreener(ctx: ConfigurationReader, identifier: string): Promise<OwnedScreener | undefined> {
  const configuration = await findScreenerConfiguration(ctx, identifier);
  return configuration?.userId ? { ...configuration, userId: configuration.userId } : undefined;
}
