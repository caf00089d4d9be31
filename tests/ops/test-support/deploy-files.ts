// Over 400 lines on purpose: a small reader per operations file, each used by several checks.
/**
 * Readers of the operations files (docker-compose.yml, Dockerfile, deploy/nginx.conf.template,
 * deploy/prometheus/, deploy/grafana/, deploy/k8s/, the README's configuration section and the
 * runbook): just enough of each format to check them against the code and to start their
 * topology without Docker.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';

/** The repository's root folder. */
export const REPO = fileURLToPath(new URL('../../../', import.meta.url));

/** Where the files below live, from the repository's root. */
export const PATHS = {
  compose: 'docker-compose.yml',
  dockerfile: 'Dockerfile',
  nginx: 'deploy/nginx.conf.template',
  prometheus: 'deploy/prometheus/prometheus.yml',
  rules: 'deploy/prometheus/pipstream.rules.yml',
  /** promtool's unit tests of the rules: those of seconds and minutes, those of hours. */
  rulesTests: [
    'deploy/prometheus/pipstream.rules.test.yml',
    'deploy/prometheus/pipstream.rules.trends.test.yml',
  ],
  dashboard: 'deploy/grafana/pipstream-gateway.json',
  k8s: 'deploy/k8s',
  readme: 'README.md',
  runbook: 'docs/runbook.md',
} as const;

/** The texts of the operations files, as found in the repository (or mutated by a test). */
export interface DeployFiles {
  readonly compose: string;
  readonly dockerfile: string;
  /** deploy/nginx.conf.template, before the nginx image renders it. */
  readonly nginx: string;
  readonly prometheus: string;
  readonly rules: string;
  readonly dashboard: string;
  /** Every manifest under deploy/k8s/, by its path there (`deployment.yaml`, `mock/…`). */
  readonly k8s: Readonly<Record<string, string>>;
  readonly readme: string;
  readonly runbook: string;
}

export async function readDeployFiles(): Promise<DeployFiles> {
  const read = (path: string) => readFile(join(REPO, path), 'utf8');
  const k8sDir = join(REPO, PATHS.k8s);
  const manifests = (await readdir(k8sDir, { recursive: true }))
    .filter((name) => name.endsWith('.yaml'))
    .sort();
  const k8s: Record<string, string> = {};
  for (const name of manifests) k8s[name] = await read(relative(REPO, join(k8sDir, name)));
  return {
    compose: await read(PATHS.compose),
    dockerfile: await read(PATHS.dockerfile),
    nginx: await read(PATHS.nginx),
    prometheus: await read(PATHS.prometheus),
    rules: await read(PATHS.rules),
    dashboard: await read(PATHS.dashboard),
    k8s,
    readme: await read(PATHS.readme),
    runbook: await read(PATHS.runbook),
  };
}

// ── docker-compose.yml ──────────────────────────────────────────────────────────────────────

/** The part of a compose service these tests read. */
export interface ComposeService {
  readonly image?: string;
  readonly command?: string[] | string;
  readonly environment?: Record<string, string | number | boolean | null> | string[];
  readonly expose?: (string | number)[];
  readonly ports?: (string | number)[];
  readonly healthcheck?: { readonly test?: string[] | string };
  readonly stop_grace_period?: string;
  readonly profiles?: string[];
  readonly volumes?: string[];
  readonly networks?: string[] | Record<string, { readonly ipv4_address?: string } | null>;
}

export interface Compose {
  readonly services: Record<string, ComposeService>;
}

/** Parses a compose file, YAML merge keys (`<<: *anchor`) included. */
export function parseCompose(text: string): Compose {
  const parsed: unknown = parseYaml(text, { merge: true });
  if (typeof parsed !== 'object' || parsed === null || !('services' in parsed)) {
    throw new Error('docker-compose.yml has no services');
  }
  return parsed as Compose;
}

/** The service `name`; throws when the file has none. */
export function service(compose: Compose, name: string): ComposeService {
  const found = compose.services[name];
  if (!found) throw new Error(`docker-compose.yml has no service "${name}"`);
  return found;
}

/**
 * Compose's variable interpolation: `${NAME}`, `${NAME:-default}` (default when unset or
 * empty), `${NAME-default}` (default when unset), `$NAME` and `$$`, read from `hostEnv`.
 */
export function interpolate(value: string, hostEnv: Readonly<Record<string, string>>): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?-)([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (match, braced?: string, operator?: string, fallback?: string, bare?: string) => {
      if (match === '$$') return '$';
      const name = braced ?? bare ?? '';
      const set = hostEnv[name];
      if (operator === ':-') return set === undefined || set === '' ? (fallback ?? '') : set;
      if (operator === '-') return set ?? fallback ?? '';
      return set ?? '';
    },
  );
}

/**
 * A service's environment as its container sees it with `hostEnv` on the host: interpolated,
 * list or map form alike. A name listed without a value takes the host's, or is left out.
 */
export function serviceEnv(
  definition: ComposeService,
  hostEnv: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const entries: [string, string | undefined][] = Array.isArray(definition.environment)
    ? definition.environment.map((item) => {
        const at = item.indexOf('=');
        return at === -1 ? [item, hostEnv[item]] : [item.slice(0, at), item.slice(at + 1)];
      })
    : Object.entries(definition.environment ?? {}).map(([name, value]) => [
        name,
        value === null ? hostEnv[name] : String(value),
      ]);
  const env: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (value !== undefined) env[name] = interpolate(value, hostEnv);
  }
  return env;
}

/** The fixed IPv4 addresses a service is given on its networks. */
export function fixedAddresses(definition: ComposeService): string[] {
  const { networks } = definition;
  if (!networks || Array.isArray(networks)) return [];
  return Object.values(networks).flatMap((network) =>
    network?.ipv4_address ? [network.ipv4_address] : [],
  );
}

/** The names a service's environment sets, as written in the file. */
export function envNames(definition: ComposeService): string[] {
  const { environment } = definition;
  if (Array.isArray(environment)) return environment.map((item) => item.split('=')[0] ?? item);
  return Object.keys(environment ?? {});
}

/** A command as an argument list (compose's string form is split on spaces). */
export function commandOf(definition: ComposeService): string[] | undefined {
  const { command } = definition;
  if (command === undefined) return undefined;
  return Array.isArray(command) ? command.map(String) : command.split(/\s+/).filter(Boolean);
}

/** A healthcheck's `test` as one line of text (its CMD arguments joined). */
export function healthcheckText(definition: ComposeService): string | undefined {
  const test = definition.healthcheck?.test;
  return Array.isArray(test) ? test.join(' ') : test;
}

/** Milliseconds of a compose duration such as `15s`, `1m30s` or `500ms`. */
export function durationMs(duration: string): number {
  const units: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1, us: 0.001 };
  const parts = [...duration.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s|us)/g)];
  const rebuilt = parts.map((part) => part[0]).join('');
  if (parts.length === 0 || rebuilt !== duration.trim()) {
    throw new Error(`not a compose duration: "${duration}"`);
  }
  return parts.reduce(
    (sum, [, amount, unit]) => sum + Number(amount) * (units[unit ?? ''] ?? 0),
    0,
  );
}

// ── Dockerfile ──────────────────────────────────────────────────────────────────────────────

export interface DockerInstruction {
  /** Upper case: FROM, RUN, COPY, CMD, HEALTHCHECK, … */
  readonly keyword: string;
  readonly args: string;
}

export interface DockerStage {
  /** The FROM line's arguments, e.g. `${NODE_IMAGE} AS build`. */
  readonly from: string;
  readonly name: string | undefined;
  readonly instructions: DockerInstruction[];
}

/** The Dockerfile's stages, continuation lines joined, comments left out. */
export function parseDockerfile(text: string): DockerStage[] {
  const logical: string[] = [];
  let pending = '';
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (pending === '' && (trimmed === '' || trimmed.startsWith('#'))) continue;
    if (trimmed.startsWith('#')) continue;
    if (trimmed.endsWith('\\')) {
      pending += `${trimmed.slice(0, -1).trim()} `;
      continue;
    }
    logical.push(`${pending}${trimmed}`.trim());
    pending = '';
  }
  const stages: DockerStage[] = [];
  for (const line of logical) {
    const [word = '', ...rest] = line.split(/\s+/);
    const instruction = { keyword: word.toUpperCase(), args: rest.join(' ') };
    if (instruction.keyword === 'FROM') {
      const name = /\bAS\s+(\S+)$/i.exec(instruction.args)?.[1];
      stages.push({ from: instruction.args, name, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}

/** The last stage: what the image runs. */
export function runtimeStage(stages: readonly DockerStage[]): DockerStage {
  const last = stages.at(-1);
  if (!last) throw new Error('the Dockerfile has no FROM');
  return last;
}

/** Every `keyword` instruction of `stage`. */
export function instructions(stage: DockerStage, keyword: string): DockerInstruction[] {
  return stage.instructions.filter((instruction) => instruction.keyword === keyword);
}

/** The argument list of an exec-form (JSON array) instruction; undefined for the shell form. */
export function execForm(args: string): string[] | undefined {
  if (!args.trim().startsWith('[')) return undefined;
  const parsed: unknown = JSON.parse(args);
  return Array.isArray(parsed) ? parsed.map(String) : undefined;
}

// ── deploy/nginx.conf.template ──────────────────────────────────────────────────────────────

/**
 * What the nginx image does with a template at start (its 20-envsubst-on-templates.sh):
 * `envsubst` with the names of the variables `env` defines whose names match
 * NGINX_ENVSUBST_FILTER (a regular expression; all of them when unset), so `$name` and
 * `${name}` of those names are replaced and every other `$…` is left as written. Throws when a
 * `${…}` the filter covers is left, which nginx would refuse or take literally.
 */
export function renderTemplate(text: string, env: Readonly<Record<string, string>>): string {
  const filter = new RegExp(env.NGINX_ENVSUBST_FILTER ?? '');
  const rendered = text.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (match, braced?: string, bare?: string) => {
      const name = braced ?? bare ?? '';
      const value = env[name];
      return value !== undefined && filter.test(name) ? value : match;
    },
  );
  const left = [...rendered.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)]
    .map((match) => match[1] ?? '')
    .filter((name) => filter.test(name));
  if (left.length > 0) throw new Error(`the template needs ${[...new Set(left)].join(', ')}`);
  return rendered;
}

/** The variables a template names as `${NAME}`. */
export function templateVariables(text: string): string[] {
  return [...new Set([...text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1] ?? ''))];
}

/**
 * deploy/nginx.conf.template as the nginx container renders it: with compose's environment of
 * the nginx service, interpolated from `hostEnv` (a `.env` file's values, or a test's).
 */
export function renderedNginx(
  files: Pick<DeployFiles, 'compose' | 'nginx'>,
  hostEnv: Readonly<Record<string, string>> = {},
): string {
  return renderTemplate(
    files.nginx,
    serviceEnv(service(parseCompose(files.compose), 'nginx'), hostEnv),
  );
}

export interface NginxDirective {
  readonly name: string;
  readonly args: string[];
  readonly block?: NginxDirective[];
}

/** Parses nginx's configuration syntax: directives, arguments, quoted strings, blocks. */
export function parseNginx(text: string): NginxDirective[] {
  const tokens =
    text.match(/#[^\n]*|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|[{};]|[^\s{};"'#]+/g) ?? [];
  let at = 0;
  const unquote = (token: string) => (/^["'].*["']$/s.test(token) ? token.slice(1, -1) : token);

  function block(closing: boolean): NginxDirective[] {
    const directives: NginxDirective[] = [];
    let words: string[] = [];
    while (at < tokens.length) {
      const token = tokens[at++] ?? '';
      if (token.startsWith('#')) continue;
      if (token === ';') {
        const [name = '', ...args] = words;
        directives.push({ name, args });
        words = [];
      } else if (token === '{') {
        const [name = '', ...args] = words;
        directives.push({ name, args, block: block(true) });
        words = [];
      } else if (token === '}') {
        if (!closing) throw new Error('nginx.conf: a "}" closes nothing');
        return directives;
      } else {
        words.push(unquote(token));
      }
    }
    if (closing || words.length > 0) throw new Error('nginx.conf: unexpected end of file');
    return directives;
  }
  return block(false);
}

/** The directives named `name` directly inside `within`. */
export function directives(within: readonly NginxDirective[] | undefined, name: string) {
  return (within ?? []).filter((directive) => directive.name === name);
}

/** The one directive `name` inside `within`; throws when there is none or several. */
export function directive(within: readonly NginxDirective[] | undefined, name: string) {
  const found = directives(within, name);
  if (found.length !== 1)
    throw new Error(`nginx.conf: expected one "${name}", found ${found.length}`);
  return found[0] as NginxDirective;
}

/** The `upstream gateway` block of nginx's `http`. */
export function upstreamBlock(http: NginxDirective | undefined) {
  return directives(http?.block, 'upstream').find((block) => block.args[0] === 'gateway');
}

/** The `location` of `server` whose arguments are `match` (e.g. `=`, `/v1/ws`). */
export function location(server: NginxDirective | undefined, ...match: string[]) {
  return directives(server?.block, 'location').find(
    (found) => found.args.join(' ') === match.join(' '),
  );
}

/** The parts of the rendered nginx configuration the checks read. */
export function nginxParts(files: Pick<DeployFiles, 'compose' | 'nginx'>) {
  const http = directive(parseNginx(renderedNginx(files)), 'http');
  return { http, server: directives(http.block, 'server')[0], upstream: upstreamBlock(http) };
}

export interface LocalNginxOptions {
  /** The port nginx listens on (127.0.0.1). */
  readonly listenPort: number;
  /** The gateway replicas' ports on 127.0.0.1. */
  readonly gatewayPorts: readonly number[];
  /** A folder for nginx's temporary files. */
  readonly tempDir: string;
}

/**
 * A rendered deploy/nginx.conf.template for a run on 127.0.0.1 without Docker. Rewritten: the `listen` port; the
 * upstream `server gateway:PORT …` line, once per replica with its other parameters kept
 * (`resolve` dropped: the addresses are fixed, and Debian's nginx predates it); the Docker
 * `resolver` line, dropped. Added: temporary paths inside `tempDir`. Everything else is the
 * file as compose mounts it. Throws when a line to rewrite is not there exactly once.
 */
export function localNginxConf(text: string, options: LocalNginxOptions): string {
  const once = (source: string, pattern: RegExp, replace: (match: RegExpExecArray) => string) => {
    const matches = [...source.matchAll(new RegExp(pattern, 'gm'))];
    if (matches.length !== 1) {
      throw new Error(`nginx.conf: expected one line matching ${pattern}, found ${matches.length}`);
    }
    const match = matches[0] as RegExpExecArray;
    return (
      source.slice(0, match.index) + replace(match) + source.slice(match.index + match[0].length)
    );
  };
  let conf = once(text, /^(\s*)listen\s+\d+\s*;/, ([, indent]) => {
    return `${indent}listen 127.0.0.1:${options.listenPort};`;
  });
  conf = once(
    conf,
    /^(\s*)server\s+gateway:\d+((?:\s+[^;\s]+)*)\s*;/,
    ([, indent, params = '']) => {
      const kept = params
        .trim()
        .split(/\s+/)
        .filter((param) => param !== '' && param !== 'resolve');
      return options.gatewayPorts
        .map((port) => `${indent}server ${[`127.0.0.1:${port}`, ...kept].join(' ')};`)
        .join('\n');
    },
  );
  conf = once(conf, /^\s*resolver\s+[^;]*;/, () => '');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${join(options.tempDir, kind)};`)
    .join('\n');
  return once(conf, /^http\s*\{/, (match) => `${match[0]}\n${temp}`);
}

// ── README.md ───────────────────────────────────────────────────────────────────────────────

/** The text of the README's `## {title}` section, up to the next `## ` heading. */
export function readmeSection(readme: string, title: string): string {
  const start = readme.indexOf(`\n## ${title}\n`);
  if (start === -1) throw new Error(`README.md has no "## ${title}" section`);
  const next = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, next === -1 ? undefined : next);
}

/** The variable names of every table in `section` whose first header cell is `variable`. */
export function envTableNames(section: string): string[] {
  const lines = section.split('\n');
  const headers = lines.flatMap((line, at) => (/^\|\s*variable\s*\|/i.test(line) ? [at] : []));
  if (headers.length === 0) throw new Error('no table headed "variable" in the section');
  const names: string[] = [];
  for (const header of headers) {
    for (const line of lines.slice(header + 2)) {
      if (!line.startsWith('|')) break;
      const first = line.split('|')[1]?.trim() ?? '';
      names.push(first.replace(/^`|`$/g, ''));
    }
  }
  return names;
}
