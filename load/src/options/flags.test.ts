import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLAGS, parseCommand, UsageError } from './flags.js';

const TARGET = 'http://127.0.0.1:8080';

function scenarioOf(argv: string[]) {
  const command = parseCommand(argv);
  if (command.command !== 'run') throw new Error(`expected a run, got ${command.command}`);
  return command.scenario;
}

function refusal(argv: string[]): string {
  try {
    parseCommand(argv);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error(`${argv.join(' ')} was accepted`);
}

function configFile(content: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'pipstream-load-flags-')), 'scenario.json');
  writeFileSync(file, content);
  return file;
}

describe('the command line', () => {
  it('runs the example of the README with the defaults for the rest', () => {
    const scenario = scenarioOf([
      TARGET,
      '--sockets',
      '200',
      '--duration',
      '10s',
      '--json',
      'out.json',
    ]);
    expect(scenario).toMatchObject({
      target: TARGET,
      sockets: 200,
      duration: 10_000,
      json: 'out.json',
      ramp: 100,
      loggedIn: 0.1,
      deflate: true,
      restRate: 20,
      yes: false,
      thresholds: {},
    });
  });

  it('reads every threshold flag into the thresholds', () => {
    const scenario = scenarioOf([
      TARGET,
      ...['--max-p99', '50ms', '--min-delivered', '99.9%', '--max-refused', '0'],
      ...['--max-gaps', '2', '--max-added-p99', '1s', '--no-deflate', '--rest', 'public'],
    ]);
    expect(scenario.thresholds).toEqual({
      maxP99: 50,
      minDelivered: 0.999,
      maxRefused: 0,
      maxGaps: 2,
      maxAddedP99: 1000,
    });
    expect(scenario.deflate).toBe(false);
    expect(scenario.rest).toEqual(['public']);
  });

  it('takes a config file, flags winning over it', () => {
    const file = configFile(
      JSON.stringify({ sockets: 50, ramp: '10/s', thresholds: { maxP99: '20ms', maxGaps: 0 } }),
    );
    const scenario = scenarioOf([TARGET, '--config', file, '--sockets', '70', '--max-p99', '30ms']);
    expect(scenario.sockets).toBe(70);
    expect(scenario.ramp).toBe(10);
    expect(scenario.thresholds).toEqual({ maxP99: 30, maxGaps: 0 });
  });

  it('names the flag of a bad value, and what would do', () => {
    expect(refusal([TARGET, '--ramp', 'fast'])).toBe(
      '--ramp: expected a rate such as 200/s, got "fast"',
    );
    expect(refusal([TARGET, '--min-delivered', '120%'])).toContain('--min-delivered:');
    expect(refusal([TARGET, '--rest', 'public,admin'])).toContain('--rest:');
    expect(refusal([TARGET, '--source', '127.0.0.300'])).toContain('--source:');
    expect(refusal([TARGET, '--duration', '1ms'])).toBe('--duration: at least 1s');
  });

  it('refuses an unknown flag, a missing target, a second target and a bad config file', () => {
    expect(refusal([TARGET, '--sokets', '5'])).toContain("Unknown option '--sokets'");
    expect(refusal(['--sockets', '5'])).toContain('name the deployment to load');
    expect(refusal([TARGET, 'http://other'])).toContain('one target only');
    expect(refusal([TARGET, '--config', configFile('{"sockets": 5, "colour": 1}')])).toContain(
      'colour',
    );
    expect(refusal([TARGET, '--config', configFile('[1]')])).toContain('one JSON object');
    expect(refusal([TARGET, '--config', configFile('{'), '--sockets', '1'])).toContain('not JSON');
  });

  it('expands source address ranges', () => {
    expect(scenarioOf([TARGET, '--source', '127.0.0.1-3,10.0.0.9']).source).toEqual([
      '127.0.0.1',
      '127.0.0.2',
      '127.0.0.3',
      '10.0.0.9',
    ]);
  });

  it('parses merge with its files, outputs and thresholds, and only the flags merge takes', () => {
    expect(
      parseCommand(['merge', 'a.json', 'b.json', '--json', 'm.json', '--max-p99', '5ms']),
    ).toEqual({
      command: 'merge',
      files: ['a.json', 'b.json'],
      json: 'm.json',
      html: undefined,
      quiet: false,
      thresholds: { maxP99: 5 },
    });
    expect(refusal(['merge'])).toContain('name the result files');
    expect(refusal(['merge', 'a.json', '--sockets', '3'])).toContain("Unknown option '--sockets'");
  });
});

describe('the package README', () => {
  it('lists every flag', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const missing = Object.keys(FLAGS).filter((name) => !readme.includes(`\`--${name}`));
    expect(missing).toEqual([]);
  });
});
