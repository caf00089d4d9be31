/**
 * The monitoring check of tests/ops/config-agreement.test.ts: compose's `monitoring` profile,
 * deploy/prometheus/ and docs/runbook.md against each other.
 */
import { posix } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { Check } from './agreement.js';
import { PATHS, parseCompose, service } from './deploy-files.js';
import { parseRules } from './monitoring-files.js';

/** The part of deploy/prometheus/prometheus.yml these checks read. */
interface PrometheusConfig {
  readonly rule_files?: string[];
  readonly scrape_configs?: { readonly job_name?: string }[];
}

/** The severities the runbook speaks of: `page` wakes someone, `ticket` waits for working hours. */
const SEVERITIES = ['page', 'ticket'];

/**
 * Monitoring: compose's `monitoring` profile mounts the folder of prometheus.yml and the rules
 * it loads; the rules name the job prometheus.yml scrapes; every alert has a severity, a
 * summary and a runbook entry in docs/ that says what it means and what to do.
 */
export const monitoringAgrees: Check = async (files) => {
  const problems: string[] = [];
  const prometheus = service(parseCompose(files.compose), 'prometheus');
  if (!prometheus.profiles?.includes('monitoring'))
    problems.push('compose prometheus is not in the monitoring profile');
  const folder = posix.dirname(PATHS.prometheus);
  const mount = (prometheus.volumes ?? [])
    .map((volume) => volume.split(':'))
    .find(([source]) => posix.normalize(source ?? '') === folder);
  const mounted = mount?.[1];
  if (!mounted) problems.push(`compose prometheus does not mount ${folder}`);
  const config = parseYaml(files.prometheus) as PrometheusConfig;
  const loaded = (config.rule_files ?? []).map((file) => posix.join(folder, file));
  if (!loaded.includes(PATHS.rules)) {
    problems.push(
      `${PATHS.prometheus} loads ${loaded.join(', ') || 'no rules'}, not ${PATHS.rules}`,
    );
  }
  const jobs = (config.scrape_configs ?? []).map((scrape) => scrape.job_name);
  const rules = parseRules(files.rules);
  for (const rule of rules) {
    for (const [, job] of rule.expr.matchAll(/\bjob="([^"]+)"/g)) {
      if (!jobs.includes(job))
        problems.push(
          `rule ${rule.alert ?? rule.record} reads job ${job}, which Prometheus does not scrape`,
        );
    }
  }
  const alerts = rules.filter((rule) => rule.alert !== undefined);
  if (alerts.length === 0) problems.push(`${PATHS.rules} has no alert`);
  const sections = new Map(
    files.runbook
      .split(/^### /m)
      .slice(1)
      .map((section) => {
        const [title = '', ...body] = section.split('\n');
        return [title.trim(), body.join('\n')] as const;
      }),
  );
  for (const rule of alerts) {
    const name = rule.alert ?? '';
    const severity = rule.labels?.severity ?? '';
    if (!SEVERITIES.includes(severity))
      problems.push(`alert ${name} has severity "${severity}", not ${SEVERITIES.join(' or ')}`);
    if (!rule.annotations?.summary || !rule.annotations.description)
      problems.push(`alert ${name} lacks a summary or a description`);
    const anchor = `${PATHS.runbook}#${name.toLowerCase()}`;
    if (rule.annotations?.runbook !== anchor)
      problems.push(`alert ${name}'s runbook is ${rule.annotations?.runbook}, not ${anchor}`);
    const section = sections.get(name);
    if (section === undefined) problems.push(`${PATHS.runbook} has no entry for ${name}`);
    else if (!section.includes('**Means:**') || !section.includes('**Do:**')) {
      problems.push(`${PATHS.runbook}'s ${name} does not say what it means and what to do`);
    }
  }
  for (const title of sections.keys()) {
    if (!alerts.some((rule) => rule.alert === title))
      problems.push(`${PATHS.runbook} explains ${title}, which no rule raises`);
  }
  return problems;
};
