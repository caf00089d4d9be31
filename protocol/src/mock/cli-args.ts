import { type ParseArgsConfig, parseArgs } from 'node:util';
import { explainIssues } from '../schemas/explain.js';
import { type MockConfig, mockOptionsSchema } from './config.js';

/** Command-line options of `pipstream-mock`; each setting also has an environment variable. */
const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  data: { type: 'string' },
  seed: { type: 'string' },
  'tick-ms': { type: 'string' },
  'control-token': { type: 'string' },
  log: { type: 'boolean' },
  help: { type: 'boolean' },
} as const satisfies ParseArgsConfig['options'];

/**
 * The environment variable each option falls back to when the command line leaves it out: the
 * one list of the mock's variables (the README's table and the compose file are checked
 * against it).
 */
export const MOCK_ENV = {
  port: 'MOCK_PORT',
  host: 'MOCK_HOST',
  data: 'MOCK_DATA',
  seed: 'MOCK_SEED',
  'tick-ms': 'MOCK_TICK_MS',
  'control-token': 'MOCK_CONTROL_TOKEN',
  log: 'MOCK_LOG',
} as const;

/** Every environment variable `pipstream-mock` reads. */
export const MOCK_ENV_VARS: readonly string[] = Object.values(MOCK_ENV);

/** What a command line asks for: the help text, a mock with these options, or nothing valid. */
export type MockCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'run'; readonly options: MockConfig }
  | { readonly kind: 'invalid'; readonly problem: string };

type Env = Readonly<Record<string, string | undefined>>;

/** The options given on the command line; throws on an unknown option or a missing value. */
function commandLineValues(args: readonly string[]) {
  return parseArgs({ args: [...args], options: OPTIONS, strict: true }).values;
}

/**
 * Reads `pipstream-mock`'s command line (`args`, without the node and script paths) with
 * `env` as the fallback of every option left out. An empty variable counts as unset, as it
 * does for the gateway, so `MOCK_TICK_MS=` in a compose file means "the default".
 */
export function parseMockArgs(args: readonly string[], env: Env): MockCommand {
  let values: ReturnType<typeof commandLineValues>;
  try {
    values = commandLineValues(args);
  } catch (error) {
    return { kind: 'invalid', problem: error instanceof Error ? error.message : String(error) };
  }
  if (values.help) return { kind: 'help' };

  const text = (name: Exclude<keyof typeof MOCK_ENV, 'log'>): string | undefined => {
    const given = values[name];
    if (given !== undefined) return given;
    const fallback = env[MOCK_ENV[name]];
    return fallback?.trim() === '' ? undefined : fallback;
  };
  const number = (name: 'port' | 'seed' | 'tick-ms') => {
    const raw = text(name);
    return raw === undefined ? undefined : Number(raw);
  };
  const parsed = mockOptionsSchema.safeParse({
    port: number('port'),
    host: text('host'),
    data: text('data'),
    seed: number('seed'),
    tickMs: number('tick-ms'),
    controlToken: text('control-token'),
    log: values.log ?? env[MOCK_ENV.log] === '1',
  });
  if (!parsed.success) return { kind: 'invalid', problem: explainIssues(parsed.error) };
  return { kind: 'run', options: parsed.data };
}
