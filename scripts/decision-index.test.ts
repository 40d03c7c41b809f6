import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';

const decisions = resolve(import.meta.dirname, '../docs/decisions');

it('docs/decisions/README.md indexes every decision note, one line each', () => {
  const notes = readdirSync(decisions).filter((name) => /^\d{4}[a-z]?-.*\.md$/.test(name));
  const indexed = [...readFileSync(resolve(decisions, 'README.md'), 'utf8').matchAll(/^- \[[^\]]+\]\(([^)]+)\) \S/gm)].map((m) => m[1]);
  expect(indexed).toEqual(notes.sort());
});
