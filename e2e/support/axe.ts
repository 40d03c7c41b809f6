import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/** WCAG 2.2 A/AA and axe's best practices: every journey's bar, any impact (decisions 0033, 0055). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Runs axe-core in the page (or the part the selector picks) and returns every violation found. */
async function axeViolations(page: Page, within?: string): Promise<AxeViolation[]> {
  // Once per document: the app is one page, and a tour runs axe after every interaction.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  // A dialog fading in is still half transparent: its colours are judged as drawn, so each
  // running animation is taken to its end first, as waiting for it did. Those that never end (a
  // spinner) are judged as they are, and so are scroll-driven ones (daisyUI's open modal runs
  // one on the page): they follow the scroll, not the clock, and waiting for them only ever ran
  // out a 1 s guard, on every check with a dialog open (decision 0070).
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.playState !== 'running' || animation.timeline !== document.timeline || animation.effect?.getTiming().iterations === Infinity) continue;
      try {
        animation.finish();
      } catch {
        // An animation with no end in time: judged as it is.
      }
    }
  });
  return page.evaluate(async ({ values, within }) => {
    const axe = (window as unknown as { axe: { run: (context: object, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    // Only the violations are read: axe skips building the passes and the incomplete results.
    const result = await axe.run(within ? { include: [within] } : document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] });
    return result.violations;
  }, { values: TAGS, within });
}

/**
 * Every violation, whatever its impact, of WCAG 2.2 A/AA and of axe's best practices (one main
 * landmark, one level-one heading, headings in order, content inside landmarks…): the tour's bar.
 */
export function allAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  return axeViolations(page);
}

/** Every violation, as allAccessibilityViolations, of the part of the page the selector picks: a journey about one part judges that part. */
export function allAccessibilityViolationsWithin(page: Page, selector: string): Promise<AxeViolation[]> {
  return axeViolations(page, selector);
}

/** Each violation as one line: the state of the page, the rule and where. */
export function describeViolations(state: string, violations: AxeViolation[]): string[] {
  return violations.map((v) => `${state}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Fails the test with each violation (any impact, as allAccessibilityViolations) named, for the given state of the page. */
export async function expectNoViolations(page: Page, state: string): Promise<void> {
  expect(describeViolations(state, await allAccessibilityViolations(page))).toEqual([]);
}
