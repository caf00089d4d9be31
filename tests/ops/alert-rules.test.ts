/**
 * The alert and recording rules with Prometheus's own tool: `promtool test rules` runs their unit
 * tests (deploy/prometheus/*.test.yml: each alert firing on its condition and quiet on its
 * look-alike), and `promtool check config` checks the configuration that loads them.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PATHS, REPO } from './test-support/deploy-files.js';
import { findProgram } from './test-support/topology.js';

function promtool(...args: string[]) {
  const result = spawnSync(findProgram('promtool', 'prometheus'), args, {
    cwd: REPO,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('the alert rules, with promtool', () => {
  it('pass their unit tests', () => {
    const tests = PATHS.rulesTests.map((path) => join(REPO, path));
    const { status, output } = promtool('test', 'rules', ...tests);
    expect(output).toMatch(/SUCCESS/);
    expect(output).not.toMatch(/FAILED/);
    expect(status).toBe(0);
  });

  it('are valid, as is the configuration that loads them', () => {
    const { status, output } = promtool('check', 'config', join(REPO, PATHS.prometheus));
    expect(output).toMatch(/SUCCESS: \d+ rules found/);
    expect(status).toBe(0);
  });
});
