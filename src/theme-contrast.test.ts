import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BRAND_THEME } from '../domain/brand-colour';
import { contrastRatio } from '../domain/brand-contrast';

/*
 * The theme in src/styles.css against WCAG 2.2 AA: 4.5:1 for text, 3:1 for the parts of a
 * control that show it (focus ring, a field's error border, the crisis card's edge). The pairs
 * are the ones the screens draw; the percentages of the mixed colours are read from the CSS too.
 */

const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

type Rgb = readonly [number, number, number];

function themeTokens(source: string): Record<string, Rgb> {
  const block = /@plugin "daisyui\/theme" \{([^}]*)\}/.exec(source)?.[1] ?? '';
  const tokens: Record<string, Rgb> = {};
  for (const [, name, hex] of block.matchAll(/--color-([\w-]+):\s*#([0-9a-f]{6});/gi)) {
    tokens[name!] = [0, 2, 4].map((at) => parseInt(hex!.slice(at, at + 2), 16) / 255) as unknown as Rgb;
  }
  return tokens;
}

/** WCAG's contrast of two sRGB colours (channels 0-1), by the maths that judges a clinic's colour (domain/brand-contrast.ts). */
function contrast(a: Rgb, b: Rgb): number {
  const css = ([r, g, b]: Rgb) => `rgb(${r * 255} ${g * 255} ${b * 255})`;
  return contrastRatio(css(a), css(b));
}

/** `color-mix(in srgb, top share, bottom)`, which is also how a translucent colour lands on a background. */
function mix(top: Rgb, share: number, bottom: Rgb): Rgb {
  return top.map((channel, index) => channel * share + bottom[index]! * (1 - share)) as unknown as Rgb;
}

function percentIn(rule: RegExp): number {
  const match = rule.exec(css);
  if (!match) throw new Error(`no ${rule.source} in styles.css`);
  return Number(match[1]) / 100;
}

const t = themeTokens(css);
const color = (name: string): Rgb => {
  const value = t[name];
  if (!value) throw new Error(`no --color-${name} in the theme`);
  return value;
};
const TEXT = 4.5;
const NON_TEXT = 3;
const STATUSES = ['info', 'success', 'warning', 'error'] as const;
const ACCENTS = ['primary', 'secondary', ...STATUSES] as const;
const SURFACES = ['base-100', 'base-200'] as const;

describe('contrast maths', () => {
  it('gives the known ratios', () => {
    expect(contrast([0, 0, 0], [1, 1, 1])).toBeCloseTo(21, 5);
    const grey77 = 0x77 / 255;
    expect(contrast([grey77, grey77, grey77], [1, 1, 1])).toBeCloseTo(4.48, 2);
    expect(mix([1, 1, 1], 0.5, [0, 0, 0])).toEqual([0.5, 0.5, 0.5]);
  });
});

describe('the theme a clinic’s colour is checked against', () => {
  it('is the theme in styles.css', () => {
    const hex = (name: string) => `#${color(name).map((channel) => Math.round(channel * 255).toString(16).padStart(2, '0')).join('')}`;
    expect(BRAND_THEME).toEqual({ primary: hex('primary'), primaryContent: hex('primary-content'), surfaces: [hex('base-100'), hex('base-200')] });
  });
});

describe('the minda theme meets WCAG 2.2 AA', () => {
  const pairs: [string, Rgb, Rgb, number][] = [];
  for (const surface of ['base-100', 'base-200', 'base-300']) pairs.push([`text on ${surface}`, color('base-content'), color(surface), TEXT]);
  for (const name of ['primary', 'secondary', 'accent', 'neutral', ...STATUSES]) {
    pairs.push([`${name}-content on ${name}`, color(`${name}-content`), color(name), TEXT]);
  }
  // text-primary, links, the countdown (text-secondary), field errors (text-error), outline badges.
  for (const name of ACCENTS) for (const surface of SURFACES) pairs.push([`${name} text on ${surface}`, color(name), color(surface), TEXT]);
  // The faintest text drawn: daisyUI's table headings mix the ink at 60 % (the screens' own muted
  // text, text-base-content/70 and /80, is darker).
  for (const surface of SURFACES) pairs.push([`muted text on ${surface}`, mix(color('base-content'), 0.6, color(surface)), color(surface), TEXT]);

  const tint = percentIn(/\.alert:is[^{]*\{[^}]*?--alert-color\) (\d+)%/);
  for (const name of STATUSES) {
    const background = mix(color(name), tint, color('base-100'));
    pairs.push([`alert-${name} text`, color('base-content'), background, TEXT]);
    pairs.push([`${name} heading inside alert-${name}`, color(name), background, TEXT]);
  }

  const disabledShare = percentIn(/\.btn:is\(:disabled[^{]*\{[^}]*?--color-base-content\) (\d+)%/);
  const disabledText = mix(color('base-content'), disabledShare, color('base-300'));
  pairs.push(['disabled button', disabledText, color('base-300'), TEXT]);
  for (const surface of SURFACES) pairs.push([`disabled ghost button on ${surface}`, disabledText, color(surface), TEXT]);

  for (const surface of SURFACES) pairs.push([`focus ring on ${surface}`, color('primary'), color(surface), NON_TEXT]);
  pairs.push(['field error border', color('error'), color('base-100'), NON_TEXT]);
  pairs.push(['crisis card edge', color('secondary'), color('base-200'), NON_TEXT]);

  it.each(pairs)('%s', (_pair, foreground, background, minimum) => {
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(minimum);
  });
});
