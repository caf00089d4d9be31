/**
 * Readers of the monitoring files: the alert and recording rules, the Grafana dashboard, and
 * the metric names their PromQL queries (parsed with Prometheus's own grammar, lezer-promql).
 */
import { parser } from '@prometheus-io/lezer-promql';
import { parse as parseYaml } from 'yaml';

export interface Rule {
  readonly alert?: string;
  readonly record?: string;
  readonly expr: string;
  readonly for?: string;
  readonly labels?: Readonly<Record<string, string>>;
  readonly annotations?: Readonly<Record<string, string>>;
}

/** Every rule of a Prometheus rules file, groups flattened. */
export function parseRules(text: string): Rule[] {
  const parsed = parseYaml(text) as { groups?: { rules?: Rule[] }[] } | null;
  return (parsed?.groups ?? []).flatMap((group) => group.rules ?? []);
}

/** A query and where it is used, for the messages. */
export interface Query {
  readonly where: string;
  readonly expr: string;
}

interface DashboardPanel {
  readonly title?: string;
  readonly targets?: { readonly expr?: string }[];
  readonly panels?: DashboardPanel[];
}

interface Dashboard {
  readonly panels?: DashboardPanel[];
  readonly templating?: {
    readonly list?: { readonly name?: string; readonly query?: string | { query?: string } }[];
  };
  readonly annotations?: { readonly list?: { readonly name?: string; readonly expr?: string }[] };
}

/**
 * Grafana's own variables, as a query runs: the rate interval and the time range become
 * durations, a template variable (`$instance`) the match-all regex.
 */
export function withGrafanaVariables(expr: string): string {
  return expr
    .replace(/\$__(rate_interval|interval|range)\b/g, '1m')
    .replace(/\$\{?[A-Za-z_]\w*\}?/g, '.*');
}

/**
 * Every PromQL query of a dashboard: its panels' targets (rows' panels included), its
 * annotations, and its template variables (`label_values(metric, label)` is read as `metric`).
 */
export function dashboardQueries(text: string): Query[] {
  const dashboard = JSON.parse(text) as Dashboard;
  const queries: Query[] = [];
  const walk = (panels: readonly DashboardPanel[] | undefined) => {
    for (const panel of panels ?? []) {
      for (const target of panel.targets ?? []) {
        if (target.expr) queries.push({ where: `panel "${panel.title}"`, expr: target.expr });
      }
      walk(panel.panels);
    }
  };
  walk(dashboard.panels);
  for (const annotation of dashboard.annotations?.list ?? []) {
    if (annotation.expr) {
      queries.push({ where: `annotation "${annotation.name}"`, expr: annotation.expr });
    }
  }
  for (const variable of dashboard.templating?.list ?? []) {
    const query = typeof variable.query === 'string' ? variable.query : variable.query?.query;
    const labelValues = /^label_values\(\s*([^,]+),/.exec(query ?? '');
    if (labelValues?.[1]) {
      queries.push({ where: `variable "${variable.name}"`, expr: labelValues[1].trim() });
    }
  }
  return queries;
}

/** The metric names a PromQL expression selects; throws naming the first syntax error. */
export function metricNames(expr: string): string[] {
  const query = withGrafanaVariables(expr);
  const names = new Set<string>();
  let error: number | undefined;
  parser.parse(query).iterate({
    enter(node) {
      if (node.type.isError) error ??= node.from;
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector') {
        names.add(query.slice(node.from, node.to));
      }
    },
  });
  if (error !== undefined) {
    throw new Error(
      `not PromQL at ${error}: ${query.slice(0, error)} ⟨here⟩ ${query.slice(error)}`,
    );
  }
  return [...names];
}

/**
 * The names a /metrics text lets a query select: every family of a `# TYPE` line, with a
 * histogram's `_bucket`, `_sum` and `_count` series and a summary's `_sum` and `_count`.
 */
export function exportedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name = '', type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name);
    if (type === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(name + s);
    if (type === 'summary') for (const s of ['_sum', '_count']) names.add(name + s);
  }
  return names;
}

/** Series Prometheus makes itself: a target's health, and the alerts' state. */
export const PROMETHEUS_SERIES: readonly string[] = ['up', 'ALERTS', 'ALERTS_FOR_STATE'];
