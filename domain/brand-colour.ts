import { wcagContrast } from 'culori';

/**
 * A clinic's primary colour against the theme (docs/decisions/0051). The screens draw it as a
 * button with white text, as link text and as the focus ring on the page's two surfaces, so
 * each pair must reach WCAG 2.2 AA's 4.5:1 for text. The theme's values are src/styles.css's
 * (src/theme-contrast.test.ts checks they agree).
 */
export const WCAG_AA_TEXT = 4.5;

export const BRAND_THEME = {
  primary: '#2e6962',
  primaryContent: '#ffffff',
  surfaces: ['#fffdf9', '#f6f1e9'],
} as const;

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

export const isHexColour = (value: string): boolean => HEX_COLOUR.test(value);

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
