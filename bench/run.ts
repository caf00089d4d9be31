/**
 * `npm run bench` / `npm run bench:quick`: runs the benchmarks one after another (never two at
 * once: they would measure each other), saves each one's figures and prints one JSON line per
 * benchmark. `--only fanout,rest` runs some of them; `--reference-web DIR` has the client
 * benchmark pair this build's first quote with the build in DIR. A benchmark that crashes is
 * reported and the others still run; the exit code is then 1. No figure ever fails the run.
 */
import { writeFileSync } from 'node:fs';
import { stopAll } from './lib/processes.js';
import type { Benchmark, BenchResult } from './lib/results.js';
import { machine, RESULTS_DIR, saveResult } from './lib/results.js';
import { stopWorkers } from './lib/workers.js';

/** Every benchmark, in the order they run: the browser ones last, as they need the most memory. */
const BENCHMARKS: Record<string, () => Promise<Benchmark>> = {
  fanout: async () => (await import('./fanout/index.js')).benchmark,
  recovery: async () => (await import('./recovery/index.js')).benchmark,
  rest: async () => (await import('./rest/index.js')).benchmark,
  page: async () => (await import('./page/index.js')).benchmark,
  client: async () => (await import('./client/index.js')).benchmark,
  alerts: async () => (await import('./alerts/index.js')).benchmark,
  offline: async () => (await import('./offline/index.js')).benchmark,
  trade: async () => (await import('./client/trade.js')).benchmark,
  wire: async () => (await import('./wire/index.js')).benchmark,
  lighthouse: async () => (await import('./lighthouse/index.js')).benchmark,
};

function parseArguments(argv: readonly string[]) {
  const quick = argv.includes('--quick');
  const onlyAt = argv.indexOf('--only');
  const only = onlyAt >= 0 ? (argv[onlyAt + 1] ?? '').split(',').filter(Boolean) : [];
  const unknown = only.filter((name) => !(name in BENCHMARKS));
  if (unknown.length > 0) {
    throw new Error(
      `unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(BENCHMARKS).join(', ')}`,
    );
  }
  const referenceAt = argv.indexOf('--reference-web');
  const referenceWeb = referenceAt >= 0 ? argv[referenceAt + 1] : undefined;
  if (referenceAt >= 0 && (referenceWeb === undefined || referenceWeb.startsWith('--'))) {
    throw new Error('--reference-web needs the folder of a web build (its index.html)');
  }
  return { quick, referenceWeb, names: only.length > 0 ? only : Object.keys(BENCHMARKS) };
}

function summaryMarkdown(results: readonly BenchResult[], failures: readonly string[]): string {
  const host = machine();
  return [
    '# Benchmark results',
    '',
    `${host.at} · ${host.cpu} · ${host.cores} cores · ${host.memoryGiB} GiB · ${host.os} · Node ${host.node}`,
    '',
    'Each figure is a median of several runs; ratios compare with the baseline measured in the',
    'same run (see README "Performance"). Reproduce with `npm run bench`.',
    '',
    ...results.flatMap((result) => [`## ${result.name}`, '', result.markdown, '']),
    ...(failures.length > 0 ? ['## Failed', '', ...failures.map((line) => `- ${line}`), ''] : []),
  ].join('\n');
}

async function main() {
  const { quick, referenceWeb, names } = parseArguments(process.argv.slice(2));
  const began = Date.now();
  const results: BenchResult[] = [];
  const failures: string[] = [];
  for (const name of names) {
    const started = Date.now();
    try {
      const benchmark = await (BENCHMARKS[name] as () => Promise<Benchmark>)();
      const result = await benchmark.run({ quick, referenceWeb });
      if (!quick) saveResult(result);
      results.push(result);
      const seconds = Math.round((Date.now() - started) / 100) / 10;
      console.log(JSON.stringify({ name: result.name, quick, seconds, ...result.summary }));
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      failures.push(`${name}: ${message.split('\n')[0]}`);
      console.log(JSON.stringify({ name, quick, error: message.split('\n')[0] }));
      console.error(message);
    } finally {
      await Promise.all([stopAll(), stopWorkers()]);
    }
  }
  if (!quick) {
    writeFileSync(new URL('SUMMARY.md', RESULTS_DIR), summaryMarkdown(results, failures));
  }
  // On stderr: stdout stays one JSON line per benchmark.
  console.error(
    `bench: ${names.length} benchmark(s) in ${Math.round((Date.now() - began) / 1000)} s`,
  );
  process.exitCode = failures.length > 0 ? 1 : 0;
}

await main();
