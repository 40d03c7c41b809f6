import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One line of the benchmark table: a figure measured beside its baseline in the same run. */
export interface Figure {
  benchmark: string;
  figure: string;
  baseline: string;
  /** figure ÷ baseline, when both are numbers of the same unit. */
  ratio?: number;
  target: string;
  /** Undefined when the figure is reported without a target. */
  met?: boolean;
}

const COLUMNS = ['benchmark', 'figure', 'baseline', 'ratio', 'target', 'met'] as const;

function cells(figure: Figure): string[] {
  const ratio = figure.ratio === undefined ? '–' : `${(figure.ratio * 100).toFixed(0)} %`;
  return [figure.benchmark, figure.figure, figure.baseline, ratio, figure.target, figure.met === undefined ? '–' : figure.met ? 'yes' : 'NO'];
}

/** A Markdown table, so the output can go into the README as it is. */
export function figureTable(figures: readonly Figure[]): string {
  const rows = [[...COLUMNS], COLUMNS.map(() => '---'), ...figures.map(cells)];
  return rows.map((row) => `| ${row.join(' | ')} |`).join('\n');
}

export const formatRate = (perSecond: number) => `${Math.round(perSecond).toLocaleString('en')} req/s`;
export const formatMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`);
export const formatKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const formatMb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/**
 * Runs `measure` and prints its table when the module is the script tsx was started with
 * (`npx tsx bench/<name>.ts`); does nothing when bench/run.ts imports it.
 */
export function runWhenMain(moduleUrl: string, measure: () => Promise<Figure[]>): void {
  const script = process.argv[1];
  if (!script || realpathSync(script) !== realpathSync(fileURLToPath(moduleUrl))) return;
  measure().then(
    (figures) => console.log(`\n${figureTable(figures)}\n`),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
