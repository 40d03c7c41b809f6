import { isHexColour } from '../../domain/brand-colour';
import { type ConfigurationReader, findScreenerConfiguration } from './get-public-configuration';

/**
 * The style sheet /embed.js links on the clinic's page: its floating button and Close button in
 * the clinic's colour (docs/decisions/0051). A style sheet rather than a fetch, because a page
 * may load one from another origin without CORS. Empty for a screener with no colour or none
 * at all: the script's own colours stay.
 */
export async function embedStyle(ctx: ConfigurationReader, identifier: string): Promise<string> {
  const colour = (await findScreenerConfiguration(ctx, identifier))?.primaryColor;
  if (!colour || !isHexColour(colour)) return '';
  // Doubled classes: the script's own rules are adopted style sheets, which come later in the cascade.
  return (
    `.minda-popup-button.minda-popup-button{background:${colour}}` +
    `.minda-popup-button.minda-popup-button:focus-visible,.minda-popup-close.minda-popup-close:focus-visible{outline-color:${colour}}` +
    `.minda-popup-close.minda-popup-close{color:${colour};border-color:${colour}}`
  );
}
