import { describe, expect, it } from 'vitest';
import { DASHBOARD, dashboardProblems, metricNamesIn } from '../testing/grafana-dashboard';

// That every metric it queries exists is checked against a real scrape: metrics.integration.test.ts.
describe('the Grafana dashboard in deploy/grafana', () => {
  const [row, first] = DASHBOARD.panels;

  it('is a dashboard Grafana imports: panels with Prometheus targets on a data source variable', () => {
    expect(DASHBOARD.panels.filter((panel) => panel.type !== 'row').length).toBeGreaterThanOrEqual(8);
    expect(dashboardProblems(DASHBOARD)).toEqual([]);
  });

  it('would be reported with a panel without targets, a fixed data source, or a panel off the grid', () => {
    const broken = {
      ...DASHBOARD,
      panels: [
        row!,
        { ...first!, targets: [] },
        { ...first!, id: 99, datasource: { type: 'prometheus', uid: 'P1809F7CD0C75ACF3' } },
        { ...first!, id: 98, gridPos: { x: 20, y: 0, w: 12, h: 8 } },
      ],
      templating: { list: DASHBOARD.templating.list.filter((variable) => variable.name !== 'datasource') },
    };
    expect(dashboardProblems(broken)).toEqual([
      'no Prometheus data source variable named datasource',
      `panel ${first!.id} "${first!.title}" has no targets`,
      `panel 99 "${first!.title}" does not read its data source from $datasource`,
      `panel 98 "${first!.title}" reaches past the grid's 24 columns`,
    ]);
  });

  it('finds the metric names in PromQL, not its functions, labels, keywords or numbers', () => {
    const expr = 'histogram_quantile(0.9, sum by (le, route) (rate(a_b_bucket{job=~"$job", x="y(z) or w"}[$__rate_interval]))) / on (route) group_left c:d offset 5m * 60';
    const panels = [{ ...first!, targets: [{ refId: 'A', expr }] }];
    const templating = { list: [{ name: 'job', type: 'query', query: { query: 'label_values(e_total, job)' } }] };
    expect(metricNamesIn({ ...DASHBOARD, panels, templating })).toEqual(['a_b_bucket', 'c:d', 'e_total']);
  });
});
