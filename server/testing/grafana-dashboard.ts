import { readFileSync } from 'node:fs';

/** The parts of a Grafana dashboard's JSON model the checks read. */
export interface Dashboard {
  title: string;
  uid: string;
  schemaVersion: number;
  panels: DashboardPanel[];
  templating: { list: { name: string; type: string; query?: unknown; datasource?: unknown }[] };
}

export interface DashboardPanel {
  id: number;
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  datasource?: { type?: string; uid?: string };
  targets?: { refId: string; expr?: string; datasource?: { type?: string; uid?: string } }[];
}

/** Where every panel and target reads from: the data source the viewer picks, never one fixed at export. */
const PICKED_SOURCE = { type: 'prometheus', uid: '${datasource}' };
const GRID_COLUMNS = 24;

const fromPickedSource = (source: unknown) => JSON.stringify(source) === JSON.stringify(PICKED_SOURCE);

/**
 * What would stop Grafana importing the dashboard or showing every panel: no title or uid, no
 * Prometheus data source variable, a panel without targets or reading a fixed data source, ids
 * or refIds used twice, a panel off the 24-column grid. Empty when there is nothing to say.
 */
export function dashboardProblems(dashboard: Dashboard): string[] {
  const problems: string[] = [];
  if (!dashboard.title || !dashboard.uid || !Number.isInteger(dashboard.schemaVersion)) problems.push('the dashboard needs a title, a uid and a schemaVersion');
  const variables = dashboard.templating.list;
  if (!variables.some((variable) => variable.name === 'datasource' && variable.type === 'datasource' && variable.query === 'prometheus')) {
    problems.push('no Prometheus data source variable named datasource');
  }
  for (const variable of variables.filter((candidate) => candidate.type === 'query')) {
    if (!fromPickedSource(variable.datasource)) problems.push(`variable ${variable.name} does not read its data source from $datasource`);
  }
  const ids = new Set<number>();
  for (const panel of dashboard.panels) {
    const name = `panel ${panel.id} "${panel.title}"`;
    if (ids.has(panel.id)) problems.push(`${name}: its id is used twice`);
    ids.add(panel.id);
    const { x, w } = panel.gridPos;
    if (x < 0 || w < 1 || x + w > GRID_COLUMNS) problems.push(`${name} reaches past the grid's 24 columns`);
    // A row only groups the panels below it.
    if (panel.type === 'row') continue;
    const targets = panel.targets ?? [];
    if (targets.length === 0) problems.push(`${name} has no targets`);
    if (!fromPickedSource(panel.datasource)) problems.push(`${name} does not read its data source from $datasource`);
    if (new Set(targets.map((target) => target.refId)).size !== targets.length) problems.push(`${name}: a refId is used twice`);
    for (const target of targets) {
      if (!target.expr?.trim()) problems.push(`${name}, target ${target.refId}: no query`);
      if (!fromPickedSource(target.datasource)) problems.push(`${name}, target ${target.refId} does not read its data source from $datasource`);
    }
  }
  return problems;
}

/** PromQL's words that look like metric names: operators, modifiers, and the number literals. */
const PROMQL_KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'atan2', 'inf', 'nan']);

/**
 * The metric names a PromQL expression selects: what is left once strings, label matchers, ranges,
 * grouping clauses and numbers are taken out, less function names (followed by a parenthesis)
 * and keywords. Enough for the dashboard's queries; not a PromQL parser.
 */
function metricNamesOf(expression: string): string[] {
  const selectorsOnly = expression
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\b(?:group_left|group_right)\b/g, ' ')
    .replace(/\$\w+/g, ' ')
    .replace(/\b\d[\w.]*/g, ' ');
  return [...selectorsOnly.matchAll(/[a-zA-Z_:][\w:]*(?![\w:]|\s*\()/g)].map(([name]) => name).filter((name) => !PROMQL_KEYWORDS.has(name.toLowerCase()));
}

/**
 * Each panel query as Prometheus itself would receive it: Grafana's interval variables
 * ($__rate_interval) become a duration, and the others, all in `=~` matchers, a regex for all.
 */
export const panelQueriesAsPromql = (dashboard: Dashboard): string[] =>
  dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => (target.expr ?? '').replace(/\$__\w+/g, '5m').replace(/\$\w+/g, '.*')));

/** Every metric the dashboard's panels and `label_values(metric, label)` variables query, each once, sorted. */
export function metricNamesIn(dashboard: Dashboard): string[] {
  const panelQueries = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr ?? ''));
  const variableQueries = dashboard.templating.list.flatMap((variable) => {
    const query = typeof variable.query === 'object' && variable.query !== null ? (variable.query as { query?: string }).query : undefined;
    const metric = query && /^label_values\(\s*([^,)]+)\s*,/.exec(query)?.[1];
    return metric ? [metric] : [];
  });
  return [...new Set([...panelQueries.flatMap(metricNamesOf), ...variableQueries.flatMap(metricNamesOf)])].sort();
}

/** The dashboard shipped for operators (README, "Monitoring"). */
export const DASHBOARD: Dashboard = JSON.parse(readFileSync(new URL('../../deploy/grafana/minda-dashboard.json', import.meta.url), 'utf8'));
