import { describe, expect, it } from 'vitest';
import { BRAND_THEME, isHexColour } from './brand-colour';
import { brandColourContrast, contrastRatio, isReadableBrandColour, shownRatio, WCAG_AA_TEXT } from './brand-contrast';

describe('contrastRatio', () => {
  it('gives WCAG’s known ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
  });
});

describe('a clinic’s primary colour', () => {
  it('accepts the theme’s own colour and a dark blue', () => {
    expect(isReadableBrandColour(BRAND_THEME.primary)).toBe(true);
    expect(isReadableBrandColour('#1d4ed8')).toBe(true);
  });

  it('refuses a light colour that white text and the page cannot read against', () => {
    expect(isReadableBrandColour('#ffd700')).toBe(false);
    expect(brandColourContrast('#ffd700')).toBeLessThan(2);
  });

  it('refuses a colour just under AA: #777777 makes 4.48:1 with white', () => {
    expect(brandColourContrast('#777777')).toBeLessThan(WCAG_AA_TEXT);
    expect(isReadableBrandColour('#777777')).toBe(false);
  });

  it('checks it on the darker surface too, not only on white', () => {
    // #6b6b6b reads at 5.3:1 with white but less on the page's beige surface.
    expect(brandColourContrast('#6b6b6b')).toBe(Math.min(contrastRatio('#6b6b6b', BRAND_THEME.surfaces[1]), contrastRatio('#ffffff', '#6b6b6b')));
  });

  it('takes only #rrggbb', () => {
    expect(isHexColour('#2E6962')).toBe(true);
    for (const value of ['2e6962', '#fff', 'red', '#2e6962; background:url(x)', '#gggggg']) {
      expect(isHexColour(value)).toBe(false);
      expect(isReadableBrandColour(value)).toBe(false);
    }
  });

  it('shows the ratio rounded down', () => {
    expect(shownRatio(4.49)).toBe('4.4');
    expect(shownRatio(1.07)).toBe('1.0');
  });
});
