import type { CSSProperties } from 'react';
import { isHexColour } from '../../domain/brand-colour';

/**
 * The clinic's primary colour on a visitor's page: daisyUI draws btn-primary, links, the focus
 * ring and text-primary from --color-primary, so setting it on the page's root recolours them
 * all. The theme's white text on it was checked readable when the clinic saved it.
 */
export function brandColourStyle(colour: string | null | undefined): CSSProperties | undefined {
  return colour && isHexColour(colour) ? ({ '--color-primary': colour, '--color-primary-content': '#ffffff' } as CSSProperties) : undefined;
}
