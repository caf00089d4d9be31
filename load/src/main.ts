/**
 * The command: parse, refuse what is unsafe or malformed, run or merge, then report — the
 * summary table, the files asked for, the thresholds — and answer with an exit code:
 * 0 passed, 1 a threshold failed, 2 bad input or refused, 3 the run failed, 130 stopped by
 * Ctrl-C (what was measured is still written and reported).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCommand, UsageError, usage } from './options/flags.js';
import type { Scenario } from './options/scenario.js';
import { judgeThresholds, type Thresholds } from './options/thresholds.js';
import { formatCount } from './options/units.js';
import { reportHtml } from './report/html.js';
import { restShortfallNote, saturationNote, summarySections } from './report/summary.js';
import { summaryTable } from './report/table.js';
import { figuresOf } from './result/figures.js';
import { mergeResults } from './result/merge.js';
import { type Result, resultSchema } from './result/schema.js';
import { restGroups, runScenario } from './run.js';
import { SetupError } from './setup/accounts.js';
import { foreignHosts, resolveTarget, type Target, TargetError } from './target.js';

export const EXIT = { PASSED: 0, FAILED: 1, USAGE: 2, RUN_FAILED: 3, INTERRUPTED: 130 } as const;

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Whether stderr is a terminal (the progress line is then rewritten in place). */
  readonly tty: boolean;
  /** Calls `handler` on each Ctrl-C; returns the function that stops listening. */
  onInterrupt(handler: () => void): () => void;
  /** Leaves at once (a second Ctrl-C). */
  exit(code: number): never;
}

const NAME = 'pipstream-load';

function headline(result: Result): string {
  const seconds = (result.endedAt - result.startedAt) / 1000;
  // Each generator's result is one part (the run's own process is listed, but generates none).
  const generators = result.parts;
  const machines = result.machines.length;
  return [
    result.target,
    new Date(result.startedAt)
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, ' UTC'),
    `${seconds.toFixed(1)} s${result.interrupted ? ' (stopped early by Ctrl-C)' : ''}`,
    `${formatCount(result.sockets.planned)} sockets planned`,
    `${generators} generator${generators === 1 ? '' : 's'} on ${machines} machine${machines === 1 ? '' : 's'}`,
  ].join(' · ');
}

/** Prints the report and judges the thresholds; returns the exit code they give. */
function report(
  result: Result,
  thresholds: Thresholds,
  files: { json?: string | undefined; html?: string | undefined },
  io: Io,
  restRate?: number,
): number {
  const figures = figuresOf(result);
  const line = headline(result);
  if (files.json) writeFileSync(files.json, `${JSON.stringify(result)}\n`);
  if (files.html) writeFileSync(files.html, reportHtml(result, figures, line));
  io.out(`${summaryTable(`${NAME}: ${line}`, summarySections(figures))}\n`);
  const notes = [
    saturationNote(figures),
    restRate === undefined ? undefined : restShortfallNote(figures, restRate),
  ];
  for (const note of notes) if (note) io.out(`\n${note}\n`);
  const verdicts = judgeThresholds(thresholds, figures);
  if (verdicts.length > 0) {
    io.out(
      `\nthresholds\n${verdicts.map((v) => `  ${v.passed ? 'passed' : 'FAILED'}  ${v.line}`).join('\n')}\n`,
    );
  }
  const failed = verdicts.filter((verdict) => !verdict.passed);
  for (const verdict of failed) io.err(`${NAME}: threshold failed: ${verdict.line}\n`);
  const written = [files.json, files.html].filter(Boolean);
  if (written.length > 0) io.err(`${NAME}: wrote ${written.join(', ')}\n`);
  return failed.length > 0 ? EXIT.FAILED : EXIT.PASSED;
}

/** What a run against `target` will open, printed before it starts. */
function plan(scenario: Scenario, target: Target): string {
  const groups = restGroups(scenario);
  return [
    `${NAME} will open, for ${scenario.duration / 1000} s:`,
    `  ${formatCount(scenario.sockets)} browser sockets to ${target.socketUrl} (${scenario.ramp}/s), ` +
      `${Math.round(scenario.loggedIn * 100)} % logged in` +
      (scenario.tokens
        ? ` with the tokens of ${scenario.tokens}`
        : ', on demo accounts it opens there'),
    `  a reference socket to ${target.referenceUrl}`,
    scenario.restRate > 0
      ? `  ${scenario.restRate} REST requests a second to ${target.restUrl} (${groups.join(', ')}` +
        `${groups.includes('orders') ? ': market orders opened and closed' : ''})`
      : '  no REST load',
  ].join('\n');
}

async function runCommand(scenario: Scenario, io: Io): Promise<number> {
  let target: Target;
  try {
    target = resolveTarget(scenario);
  } catch (error) {
    if (!(error instanceof TargetError)) throw error;
    io.err(`${NAME}: ${error.message}\n`);
    return EXIT.USAGE;
  }
  const foreign = foreignHosts(target);
  if (foreign.length > 0) {
    io.err(`${plan(scenario, target)}\n`);
    if (!scenario.yes) {
      io.err(
        `${NAME}: ${foreign.join(', ')} is not this machine: run again with --yes to go ahead\n`,
      );
      return EXIT.USAGE;
    }
  }

  let interrupts = 0;
  let interrupt: () => void = () => {};
  const interrupted = new Promise<void>((resolve) => {
    interrupt = resolve;
  });
  const stopListening = io.onInterrupt(() => {
    interrupts++;
    if (interrupts > 1) io.exit(EXIT.INTERRUPTED);
    io.err(
      `\n${NAME}: stopping — closing the sockets and writing what was measured (Ctrl-C again to leave at once)\n`,
    );
    interrupt();
  });
  let progressShown = false;
  const output = {
    note: (line: string) => io.err(`${NAME}: ${line}\n`),
    progress: (line: string) => {
      progressShown = true;
      if (scenario.quiet) return;
      io.err(io.tty ? `\r${line}\x1b[K` : `${line}\n`);
    },
  };
  try {
    const { result, parts } = await runScenario(scenario, target, output, interrupted);
    if (progressShown && io.tty && !scenario.quiet) io.err('\n');
    if (scenario.parts) {
      mkdirSync(scenario.parts, { recursive: true });
      for (const [i, part] of parts.entries()) {
        writeFileSync(
          join(scenario.parts, `generator-${i + 1}.json`),
          `${JSON.stringify(part)}
`,
        );
      }
    }
    const code = report(result, scenario.thresholds, scenario, io, scenario.restRate);
    return result.interrupted ? EXIT.INTERRUPTED : code;
  } catch (error) {
    if (progressShown && io.tty) io.err('\n');
    const message =
      error instanceof SetupError
        ? error.message
        : `the run failed: ${String((error as Error)?.stack ?? error)}`;
    io.err(`${NAME}: ${message}\n`);
    return EXIT.RUN_FAILED;
  } finally {
    stopListening();
  }
}

function readResult(file: string): Result {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${file}: not a readable JSON file (${(error as Error).message})`);
  }
  const parsed = resultSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(
      `${file}: not a ${NAME} result: ${issue?.path.join('.') || '(file)'}: ${issue?.message}`,
    );
  }
  return parsed.data;
}

export async function main(argv: readonly string[], io: Io): Promise<number> {
  try {
    const command = parseCommand(argv);
    switch (command.command) {
      case 'help':
        io.out(`${usage()}\n`);
        return EXIT.PASSED;
      case 'merge': {
        const results = command.files.map(readResult);
        let merged: Result;
        try {
          merged = mergeResults(results);
          return report(merged, command.thresholds, command, io);
        } catch (error) {
          throw new UsageError(`merge: ${(error as Error).message}`);
        }
      }
      case 'run':
        return await runCommand(command.scenario, io);
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${NAME}: ${error.message}\nRun \`${NAME} --help\` for the flags.\n`);
    return EXIT.USAGE;
  }
}
