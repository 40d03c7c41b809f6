/**
 * A clinic's primary colour against the theme (docs/decisions/0051). The screens draw it as a
 * button with white text, as link text and as the focus ring on the page's two surfaces, so
 * each pair must reach WCAG 2.2 AA's 4.5:1 for text. The theme's values are src/styles.css's
 * (src/theme-contrast.test.ts checks they agree). The contrast maths is in ./brand-contrast.ts, apart,
 * so the visitor's pages, which only check a colour's form, do not download culori.
 */
export const BRAND_THEME = {
  primary: '#2e6962',
  primaryContent: '#ffffff',
  surfaces: ['#fffdf9', '#f6f1e9'],
} as const;

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

export const isHexColour = (value: string): boolean => HEX_COLOUR.test(value);
