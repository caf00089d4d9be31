import { describe, expect, it } from 'vitest';
import { MOCK_ENV_VARS, parseMockArgs } from './cli-args.js';

/** The options of a command line that must be valid. */
function optionsOf(args: string[], env: Record<string, string> = {}) {
  const command = parseMockArgs(args, env);
  if (command.kind !== 'run') throw new Error(`not a run: ${JSON.stringify(command)}`);
  return command.options;
}

/** The problem of a command line that must be refused. */
function problemOf(args: string[], env: Record<string, string> = {}) {
  const command = parseMockArgs(args, env);
  if (command.kind !== 'invalid') throw new Error(`accepted: ${JSON.stringify(command)}`);
  return command.problem;
}

describe('parseMockArgs', () => {
  it('reads every option from the command line', () => {
    const options = optionsOf([
      '--port',
      '9200',
      '--host',
      '0.0.0.0',
      '--data',
      '/data',
      '--seed',
      '7',
      '--tick-ms',
      '250',
      '--control-token',
      'a-long-token',
      '--log',
    ]);
    expect(options).toMatchObject({
      port: 9200,
      host: '0.0.0.0',
      data: '/data',
      seed: 7,
      tickMs: 250,
      controlToken: 'a-long-token',
      log: true,
    });
  });

  it('falls back to the environment, the command line winning', () => {
    const env = {
      MOCK_PORT: '9300',
      MOCK_HOST: '0.0.0.0',
      MOCK_DATA: '/var/mock',
      MOCK_SEED: '3',
      MOCK_TICK_MS: '1000',
      MOCK_CONTROL_TOKEN: 'token-from-env',
      MOCK_LOG: '1',
    };
    expect(optionsOf([], env)).toMatchObject({
      port: 9300,
      host: '0.0.0.0',
      data: '/var/mock',
      seed: 3,
      tickMs: 1000,
      controlToken: 'token-from-env',
      log: true,
    });
    expect(optionsOf(['--port', '0', '--tick-ms', '50'], env)).toMatchObject({
      port: 0,
      tickMs: 50,
    });
  });

  it('treats an empty variable as unset', () => {
    const options = optionsOf([], { MOCK_TICK_MS: '', MOCK_PORT: ' ', MOCK_CONTROL_TOKEN: '' });
    expect(options).toMatchObject({ tickMs: 500, port: 9100 });
    expect(options.controlToken).toBeUndefined();
  });

  it('refuses an unknown option, a positional argument and a bad value, naming it', () => {
    expect(problemOf(['--ports', '1'])).toMatch(/--ports/);
    expect(problemOf(['serve'])).toMatch(/serve/);
    expect(problemOf(['--tick-ms', '5'])).toMatch(/^tickMs:/);
    expect(problemOf([], { MOCK_PORT: 'http' })).toMatch(/^port:/);
  });

  it('answers help before reading any value', () => {
    expect(parseMockArgs(['--help', '--port', 'nonsense'], {})).toEqual({ kind: 'help' });
  });

  it('lists each variable it reads, once', () => {
    const read = new Set<string>();
    const env = new Proxy({} as Record<string, string | undefined>, {
      get(_target, name) {
        if (typeof name === 'string') read.add(name);
        return undefined;
      },
    });
    parseMockArgs([], env);
    expect([...read].sort()).toEqual([...MOCK_ENV_VARS].sort());
    expect(new Set(MOCK_ENV_VARS).size).toBe(MOCK_ENV_VARS.length);
  });
});
