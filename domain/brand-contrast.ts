import { wcagContrast } from 'culori';
import { BRAND_THEME, isHexColour } from './brand-colour';

/** WCAG 2.2 AA's minimum for text, which each pair of the clinic's colour in the theme must reach. */
export const WCAG_AA_TEXT = 4.5;

/** WCAG's contrast ratio of two CSS colours, 1 to 21. */
export function contrastRatio(foreground: string, background: string): number {
  return wcagContrast(foreground, background);
}

/** The lowest contrast the colour makes in the theme: white text on it, it as text on each surface. */
export function brandColourContrast(colour: string): number {
  return Math.min(
    contrastRatio(BRAND_THEME.primaryContent, colour),
    ...BRAND_THEME.surfaces.map((surface) => contrastRatio(colour, surface)),
  );
}

/** Whether a clinic may save the colour: a #rrggbb whose every pair in the theme reads at AA. */
export function isReadableBrandColour(colour: string): boolean {
  return isHexColour(colour) && brandColourContrast(colour) >= WCAG_AA_TEXT;
}

/** The ratio as a visitor reads it in a refusal: rounded down, so 4.49 never shows as 4.5. */
export const shownRatio = (ratio: number): string => (Math.floor(ratio * 10) / 10).toFixed(1);
