/**
 * The command line: `pipstream-load <url> [flags]` runs a scenario, `pipstream-load merge
 * <files…> [flags]` adds result files into one report. Every flag is in FLAGS with its help
 * line (the usage text and the package README list the same); a bad one is refused with its
 * name and what would do, before anything is opened.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { z } from 'zod';
import { type Scenario, scenarioSchema } from './scenario.js';
import { type Thresholds, thresholdsSchema } from './thresholds.js';

/** Bad input on the command line or in a file it names: exit 2 with this message. */
export class UsageError extends Error {}

interface Flag {
  /** The scenario key it sets (a threshold's under `thresholds`). */
  readonly key: string;
  readonly threshold?: true;
  /** A switch takes no value. */
  readonly boolean?: true;
  /** Its value, as the help shows it; none for a switch. */
  readonly value?: string;
  readonly help: string;
  /** Whether `merge` takes it too. */
  readonly merge?: true;
}

export const FLAGS: Readonly<Record<string, Flag>> = {
  config: {
    key: 'config',
    value: 'file',
    help: 'a JSON scenario (keys: the flags in camelCase); flags override it',
  },
  sockets: { key: 'sockets', value: 'n', help: 'browser sockets to open (default 100)' },
  ramp: { key: 'ramp', value: 'rate', help: 'how fast they open, e.g. 200/s (default 100/s)' },
  duration: {
    key: 'duration',
    value: 'time',
    help: 'how long the load runs, ramp included, e.g. 30s or 5m (default 30s)',
  },
  charts: {
    key: 'charts',
    value: 'share',
    help: 'sockets with a chart open: one KLINE topic each (default 50%)',
  },
  'chart-topics': {
    key: 'chartTopics',
    value: 'n',
    help: 'distinct KLINE topics the charts spread over (default 6)',
  },
  'logged-in': {
    key: 'loggedIn',
    value: 'share',
    help: 'sockets logged in, with FOREX_TRADE and FOREX_CLOSED (default 10%)',
  },
  accounts: {
    key: 'accounts',
    value: 'n',
    help: 'demo accounts opened for them, shared round robin (default 20)',
  },
  tokens: {
    key: 'tokens',
    value: 'file',
    help: 'tokens to log in with, one a line, instead of demo accounts',
  },
  'no-deflate': {
    key: 'deflate',
    boolean: true,
    help: 'offer no permessage-deflate (default: offered as Chromium offers it)',
  },
  'rest-rate': {
    key: 'restRate',
    value: 'rate',
    help: 'REST requests a second over the whole mix, 0 for none (default 20/s)',
  },
  'rest-connections': {
    key: 'restConnections',
    value: 'n',
    help: 'keep-alive connections the REST mix uses (default 4)',
  },
  rest: {
    key: 'rest',
    value: 'groups',
    help: 'the mix: public, account, orders (default all three with demo accounts, else public,account)',
  },
  generators: {
    key: 'generators',
    value: 'n',
    help: 'generator processes sharing the load (default: one per core)',
  },
  source: {
    key: 'source',
    value: 'addresses',
    help: 'local addresses the sockets leave from, round robin, e.g. 127.0.0.1-4',
  },
  'socket-url': {
    key: 'socketUrl',
    value: 'url',
    help: "the socket's address (default: the target's, at /v1/ws)",
  },
  reference: {
    key: 'reference',
    value: 'url',
    help: 'the upstream, to measure added latency against (default: a lone socket to the target)',
  },
  origin: {
    key: 'origin',
    value: 'url',
    help: "the Origin the sockets send (default: the target's)",
  },
  lang: { key: 'lang', value: 'code', help: 'the language of the calls and sockets (default en)' },
  gap: {
    key: 'gap',
    value: 'time',
    help: 'a DAY_MARKET silence at least this long is a gap (default 5s)',
  },
  late: {
    key: 'late',
    value: 'time',
    help: 'a frame later than this behind the reference is not delivered (default 5s)',
  },
  json: { key: 'json', value: 'file', help: 'write the result (mergeable) here', merge: true },
  html: {
    key: 'html',
    value: 'file',
    help: 'write a self-contained page with the plots here',
    merge: true,
  },
  parts: { key: 'parts', value: 'dir', help: "write each generator's own result in this folder" },
  yes: { key: 'yes', boolean: true, help: 'go ahead against a target that is not this machine' },
  quiet: { key: 'quiet', boolean: true, help: 'no progress line', merge: true },
  'max-p99': {
    key: 'maxP99',
    threshold: true,
    value: 'time',
    help: 'fail if the REST p99 (all routes) is above',
    merge: true,
  },
  'max-added-p99': {
    key: 'maxAddedP99',
    threshold: true,
    value: 'time',
    help: "fail if the sockets' added latency p99 is above",
    merge: true,
  },
  'max-first-tick-p99': {
    key: 'maxFirstTickP99',
    threshold: true,
    value: 'time',
    help: 'fail if the time to first tick p99 is above',
    merge: true,
  },
  'min-delivered': {
    key: 'minDelivered',
    threshold: true,
    value: 'share',
    help: 'fail if fewer frames were delivered, e.g. 99.9%',
    merge: true,
  },
  'max-refused': {
    key: 'maxRefused',
    threshold: true,
    value: 'n',
    help: 'fail if more socket handshakes were refused',
    merge: true,
  },
  'max-errors': {
    key: 'maxErrors',
    threshold: true,
    value: 'n',
    help: 'fail if more REST requests got no answer',
    merge: true,
  },
  'max-non2xx': {
    key: 'maxNon2xx',
    threshold: true,
    value: 'n',
    help: 'fail if more REST answers were not 2xx',
    merge: true,
  },
  'max-gaps': {
    key: 'maxGaps',
    threshold: true,
    value: 'n',
    help: 'fail if the quote feed had more gaps',
    merge: true,
  },
  'max-reconnects': {
    key: 'maxReconnects',
    threshold: true,
    value: 'n',
    help: 'fail if sockets reconnected more often',
    merge: true,
  },
  help: { key: 'help', boolean: true, help: 'this text', merge: true },
};

export function usage(): string {
  const rows = Object.entries(FLAGS).map(([name, flag]) => {
    const left = `  --${name}${flag.value ? ` <${flag.value}>` : ''}`;
    return `${left.padEnd(34)}${flag.help}`;
  });
  return [
    'pipstream-load <url> [flags]        load a deployment: sockets as browsers, a REST mix',
    'pipstream-load merge <file…> [flags] add result files (one per machine) into one report',
    '',
    ...rows,
    '',
    'merge takes --json, --html, --quiet and the thresholds. Exit: 0 passed, 1 a threshold',
    'failed, 2 bad input or refused, 3 the run failed, 130 stopped by Ctrl-C (results written).',
  ].join('\n');
}

type Command =
  | { readonly command: 'help' }
  | { readonly command: 'run'; readonly scenario: Scenario }
  | {
      readonly command: 'merge';
      readonly files: readonly string[];
      readonly json?: string | undefined;
      readonly html?: string | undefined;
      readonly quiet: boolean;
      readonly thresholds: Thresholds;
    };

function parseArgv(argv: readonly string[], names: readonly string[]) {
  const options = Object.fromEntries(
    names.map((name) => [name, { type: FLAGS[name]?.boolean ? 'boolean' : 'string' }] as const),
  ) as Record<string, { type: 'boolean' | 'string' }>;
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** Parsed flags as the scenario's keys: `--rest-rate 50` → `{ restRate: '50' }`. */
function keyed(values: Readonly<Record<string, string | boolean | undefined>>) {
  const scenario: Record<string, unknown> = {};
  const thresholds: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const flag = FLAGS[name];
    if (!flag || value === undefined || name === 'config' || name === 'help') continue;
    if (flag.threshold) thresholds[flag.key] = value;
    // `--no-deflate` turns deflate off.
    else if (name === 'no-deflate') scenario.deflate = !value;
    else scenario[flag.key] = value;
  }
  return { scenario, thresholds };
}

/** `--rest-rate` for the key `restRate` (a threshold's key under `thresholds`). */
function flagOf(path: readonly PropertyKey[]): string {
  const [first, second] = path;
  const key = first === 'thresholds' ? second : first;
  const name = Object.entries(FLAGS).find(([, flag]) => flag.key === key)?.[0];
  return name ? `--${name}` : String(key ?? 'input');
}

function explain(error: z.ZodError, origin: string): UsageError {
  const lines = error.issues.map((issue) => {
    const where = issue.path.length === 0 ? origin : flagOf(issue.path);
    const unknown = issue.code === 'unrecognized_keys' ? `: ${issue.keys.join(', ')}` : '';
    return `${where}: ${issue.message}${unknown}`;
  });
  return new UsageError(lines.join('\n'));
}

function readConfig(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--config: cannot read ${file}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--config: ${file} is not JSON: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageError(`--config: ${file} must hold one JSON object of scenario keys`);
  }
  return value as Record<string, unknown>;
}

export function parseCommand(argv: readonly string[]): Command {
  if (argv[0] === 'merge') {
    const names = Object.keys(FLAGS).filter((name) => FLAGS[name]?.merge);
    const { values, positionals } = parseArgv(argv.slice(1), names);
    if (values.help) return { command: 'help' };
    if (positionals.length === 0) throw new UsageError('merge: name the result files to add');
    const { scenario, thresholds } = keyed(values);
    const parsed = thresholdsSchema.safeParse(thresholds);
    if (!parsed.success) throw explain(parsed.error, 'merge');
    return {
      command: 'merge',
      files: positionals,
      json: scenario.json as string | undefined,
      html: scenario.html as string | undefined,
      quiet: scenario.quiet === true,
      thresholds: parsed.data,
    };
  }
  const { values, positionals } = parseArgv(argv, Object.keys(FLAGS));
  if (values.help) return { command: 'help' };
  const config = typeof values.config === 'string' ? readConfig(values.config) : {};
  if (positionals.length > 1) {
    throw new UsageError(`one target only, got ${positionals.join(' ')}`);
  }
  const { scenario, thresholds } = keyed(values);
  const fromConfig = config.thresholds;
  const input = {
    ...config,
    ...scenario,
    ...(positionals[0] === undefined ? {} : { target: positionals[0] }),
    thresholds: {
      ...(fromConfig && typeof fromConfig === 'object' ? fromConfig : {}),
      ...thresholds,
    },
  };
  if (input.target === undefined) {
    throw new UsageError('name the deployment to load, e.g. pipstream-load http://127.0.0.1:8080');
  }
  const parsed = scenarioSchema.safeParse(input);
  if (!parsed.success)
    throw explain(parsed.error, values.config ? `--config ${values.config}` : 'scenario');
  return { command: 'run', scenario: parsed.data };
}
