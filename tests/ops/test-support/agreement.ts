// Over 400 lines on purpose: one short check per rule the operations files follow, side by side.
/**
 * The checks of tests/ops/config-agreement.test.ts: each reads the operations files and returns
 * the ways they disagree with the code (an empty list when they agree), so a test can run it on
 * the real files and on a mutated copy alike.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import type { GatewayConfig } from '@pipstream/gateway';
import type { MockCommand } from '@pipstream/protocol/mock';
import { clusterLimitsAgree } from './cluster-limits.js';
import {
  type Compose,
  commandOf,
  type DeployFiles,
  type DockerStage,
  directive,
  directives,
  durationMs,
  envNames,
  envTableNames,
  execForm,
  fixedAddresses,
  healthcheckText,
  instructions,
  location,
  nginxParts,
  parseCompose,
  parseDockerfile,
  REPO,
  readmeSection,
  runtimeStage,
  service,
  serviceEnv,
  templateVariables,
} from './deploy-files.js';
import { monitoringAgrees } from './monitoring-agreement.js';

/** What the code says, for the checks to compare the files with. */
export interface CodeFacts {
  /** The gateway's configuration with no variable set (its defaults). */
  readonly gatewayDefaults: GatewayConfig;
  /** Reads a gateway configuration from variables; throws naming the bad ones. */
  readonly loadGatewayConfig: (env: Record<string, string>) => GatewayConfig;
  readonly gatewayEnvVars: readonly string[];
  readonly mockEnvVars: readonly string[];
  /** Reads the mock's command line (without `node script`), as its CLI does. */
  readonly parseMockArgs: (args: readonly string[], env: Record<string, string>) => MockCommand;
  /** Whether the gateway answers GET `path` with anything but 404. */
  readonly gatewayServes: (path: string) => Promise<boolean>;
  /** Whether the mock answers GET `path` with anything but 404. */
  readonly mockServes: (path: string) => Promise<boolean>;
  readonly socketPath: string;
  readonly heartbeatMs: number;
  /** The mock's largest image upload, in bytes. */
  readonly maxUploadBytes: number;
  /** Paths of every call the gateway forwards to the upstream's API host. */
  readonly restPaths: readonly string[];
  /** Paths of the calls that log in, open an account or send a code. */
  readonly loginPaths: readonly string[];
  /** How many REST calls a phone makes before its first screen shows. */
  readonly firstScreenCalls: number;
  /** The envelope code of a refusal by a limit. */
  readonly rateLimitedCode: number;
}

export type Check = (files: DeployFiles, facts: CodeFacts) => Promise<string[]>;

const WORKDIR = '/app';

/**
 * The port and path a health check command fetches: `http://127.0.0.1:PORT/PATH`, the port
 * written out or as `'+(process.env.PORT||PORT)+'`.
 */
function probedUrl(text: string | undefined): { port: number; path: string } | undefined {
  const match =
    /http:\/\/127\.0\.0\.1:(?:(\d+)|'\+\(process\.env\.PORT\|\|(\d+)\)\+')(\/[\w/-]*)/.exec(
      text ?? '',
    );
  if (!match) return undefined;
  return { port: Number(match[1] ?? match[2]), path: match[3] ?? '' };
}

function dockerHealthcheck(stage: DockerStage): string | undefined {
  return instructions(stage, 'HEALTHCHECK').at(-1)?.args;
}

function exposedPorts(stage: DockerStage): number[] {
  return instructions(stage, 'EXPOSE').flatMap((expose) =>
    expose.args.split(/\s+/).map((port) => Number.parseInt(port, 10)),
  );
}

/** The port of `value` after `flag` in a command line, if given. */
function flagValue(args: readonly string[], flag: string): string | undefined {
  const at = args.indexOf(flag);
  return at === -1 ? undefined : args[at + 1];
}

/** Ports: the gateway's default everywhere it is named; the mock's port where it is named. */
export const portsAgree: Check = async (files, facts) => {
  const problems: string[] = [];
  const port = facts.gatewayDefaults.port;
  const compose = parseCompose(files.compose);
  const runtime = runtimeStage(parseDockerfile(files.dockerfile));

  if (!exposedPorts(runtime).includes(port)) {
    problems.push(
      `Dockerfile EXPOSE ${exposedPorts(runtime).join(' ')} lacks the gateway's ${port}`,
    );
  }
  const imageProbe = probedUrl(dockerHealthcheck(runtime));
  if (imageProbe?.port !== port) {
    problems.push(`Dockerfile HEALTHCHECK asks port ${imageProbe?.port}, the gateway's is ${port}`);
  }

  const gateway = service(compose, 'gateway');
  const gatewayEnv = serviceEnv(gateway);
  if (gatewayEnv.PORT !== undefined && Number(gatewayEnv.PORT) !== port) {
    problems.push(`compose gateway PORT=${gatewayEnv.PORT}, the image exposes ${port}`);
  }
  if (!(gateway.expose ?? []).map(Number).includes(port)) {
    problems.push(`compose gateway does not expose ${port}`);
  }
  if (gateway.ports !== undefined) {
    problems.push('compose gateway publishes a host port: `--scale gateway=N` would collide');
  }
  const gatewayProbe = probedUrl(healthcheckText(gateway));
  if (gatewayProbe?.port !== port) {
    problems.push(`compose gateway healthcheck asks port ${gatewayProbe?.port}, not ${port}`);
  }

  const { server, upstream } = nginxParts(files);
  const upstreamPorts = directives(upstream?.block, 'server').map((line) =>
    Number(/:(\d+)$/.exec(line.args[0] ?? '')?.[1]),
  );
  if (upstreamPorts.length === 0 || upstreamPorts.some((p) => p !== port)) {
    problems.push(
      `nginx upstream gateway servers on ports ${upstreamPorts.join(', ')}, not ${port}`,
    );
  }
  const listen = Number.parseInt(directive(server?.block, 'listen').args[0] ?? '', 10);
  const published = (service(compose, 'nginx').ports ?? []).map((mapping) =>
    Number(String(mapping).split(':').at(-1)),
  );
  if (!published.includes(listen)) {
    problems.push(`nginx listens on ${listen}, compose publishes ${published.join(', ')}`);
  }

  const metricsPort = metricsPortOf(gatewayEnv, facts);
  if (!(gateway.expose ?? []).map(Number).includes(metricsPort)) {
    problems.push(`compose gateway does not expose its metrics port ${metricsPort}`);
  }
  const scraped = /port:\s*(\d+)/.exec(files.prometheus)?.[1];
  if (Number(scraped) !== metricsPort || !/names:\s*\n\s*-\s*gateway\b/.test(files.prometheus)) {
    problems.push(
      `prometheus scrapes gateway port ${scraped}, the gateway's metrics port is ${metricsPort}`,
    );
  }

  const mock = service(compose, 'mock');
  const mockPort = Number(flagValue(commandOf(mock) ?? [], '--port'));
  const mockProbe = probedUrl(healthcheckText(mock));
  if (mockProbe?.port !== mockPort) {
    problems.push(
      `compose mock healthcheck asks port ${mockProbe?.port}, it listens on ${mockPort}`,
    );
  }
  const defaultUpstream = gatewayEnv.UPSTREAM_URL ?? '';
  const upstreamUrl = URL.canParse(defaultUpstream) ? new URL(defaultUpstream) : undefined;
  if (
    upstreamUrl === undefined ||
    compose.services[upstreamUrl.hostname] === undefined ||
    Number(upstreamUrl.port) !== mockPort
  ) {
    problems.push(
      `compose gateway's default upstream ${defaultUpstream} is not the mock on ${mockPort}`,
    );
  }
  return problems;
};

/** The port compose's gateway serves /metrics on: its METRICS_PORT, else the default. */
function metricsPortOf(env: Record<string, string>, facts: CodeFacts): number {
  try {
    return facts.loadGatewayConfig(env).metricsPort;
  } catch {
    return facts.gatewayDefaults.metricsPort;
  }
}

/**
 * Exposure: what only the balancer and Prometheus may reach. /metrics listens where Prometheus
 * (another container) reaches it, and X-Forwarded-For is believed from nginx's fixed address
 * alone — `true` would believe a forged one from anyone who reaches a replica.
 */
export const exposureAgrees: Check = async (files, facts) => {
  const problems: string[] = [];
  const compose = parseCompose(files.compose);
  const env = serviceEnv(service(compose, 'gateway'));
  let config: ReturnType<CodeFacts['loadGatewayConfig']>;
  try {
    config = facts.loadGatewayConfig(env);
  } catch (error) {
    return [`compose gateway environment refused: ${String(error)}`];
  }
  if (/^(127\.|localhost$|::1$)/.test(config.metricsHost)) {
    problems.push(
      `compose gateway serves /metrics on loopback (${config.metricsHost}): Prometheus cannot scrape it`,
    );
  }
  const balancers = fixedAddresses(service(compose, 'nginx'));
  if (config.trustProxy === true) {
    problems.push('compose gateway has TRUST_PROXY true: anyone may forge X-Forwarded-For');
  } else if (config.trustProxy !== false) {
    for (const address of config.trustProxy) {
      if (!balancers.includes(address)) {
        problems.push(
          `compose gateway trusts ${address}, which is not nginx's address (${balancers.join(', ') || 'none fixed'})`,
        );
      }
    }
  }
  if (balancers.length === 0) problems.push('compose gives nginx no fixed address to trust');
  return problems;
};

/** Environment: every variable compose sets is one the code reads, and its values pass. */
export const environmentAgrees: Check = async (files, facts) => {
  const problems: string[] = [];
  const compose = parseCompose(files.compose);
  const gateway = service(compose, 'gateway');
  for (const name of envNames(gateway)) {
    if (!facts.gatewayEnvVars.includes(name)) {
      problems.push(`compose gateway sets ${name}, which the gateway does not read`);
    }
  }
  try {
    const config = facts.loadGatewayConfig(serviceEnv(gateway));
    if (config.upstreamUrl === undefined) problems.push('compose gateway has no UPSTREAM_URL');
    // The switch to a real upstream is one variable on the host.
    const real = facts.loadGatewayConfig(
      serviceEnv(gateway, { UPSTREAM_URL: 'https://api.example.com' }),
    );
    if (real.upstreamWsUrl !== 'wss://api.example.com/v1/ws') {
      problems.push(
        `UPSTREAM_URL on the host does not switch the upstream (${real.upstreamWsUrl})`,
      );
    }
  } catch (error) {
    problems.push(`compose gateway environment refused: ${String(error)}`);
  }

  const mock = service(compose, 'mock');
  for (const name of envNames(mock)) {
    if (!facts.mockEnvVars.includes(name)) {
      problems.push(`compose mock sets ${name}, which the mock does not read`);
    }
  }
  const [, , ...args] = commandOf(mock) ?? [];
  const command = facts.parseMockArgs(args, serviceEnv(mock));
  if (command.kind !== 'run') {
    problems.push(`compose mock command refused: ${JSON.stringify(command)}`);
  } else {
    if (command.options.host === '127.0.0.1' || command.options.host === 'localhost') {
      problems.push('compose mock listens on loopback: no gateway container could reach it');
    }
    const volumes = (mock.volumes ?? []).map((volume) => volume.split(':')[1]);
    if (!volumes.includes(command.options.data)) {
      problems.push(`compose mock keeps its data in ${command.options.data}, not on a volume`);
    }
  }
  return problems;
};

/** Health checks ask paths the gateway (or the mock) serves, with node (there is no curl). */
export const healthChecksAgree: Check = async (files, facts) => {
  const problems: string[] = [];
  const compose = parseCompose(files.compose);
  const image = dockerHealthcheck(runtimeStage(parseDockerfile(files.dockerfile))) ?? '';
  const probes: [string, string | undefined, (path: string) => Promise<boolean>][] = [
    ['Dockerfile HEALTHCHECK', image, facts.gatewayServes],
    [
      'compose gateway healthcheck',
      healthcheckText(service(compose, 'gateway')),
      facts.gatewayServes,
    ],
    ['compose mock healthcheck', healthcheckText(service(compose, 'mock')), facts.mockServes],
  ];
  for (const [where, text, serves] of probes) {
    const probe = probedUrl(text);
    if (!probe) problems.push(`${where} asks no local URL: ${text}`);
    else if (!(await serves(probe.path))) problems.push(`${where} asks ${probe.path}: 404`);
    // The slim image has no curl or wget: node itself fetches.
    if (!/\bCMD\s+\[?\s*"?node"?[\s,]/.test(text ?? '')) {
      problems.push(`${where} does not run node: ${text}`);
    }
  }
  return problems;
};

/**
 * Whether a COPY of the runtime stage puts `path` (relative to the WORKDIR) into the image. A
 * source whose name has a dot or a `*` is taken for files (landing inside a target ending in
 * `/`), any other for a folder whose contents land in the target.
 */
function copiedInto(runtime: DockerStage, path: string): boolean {
  const wanted = normalize(join(WORKDIR, path));
  return instructions(runtime, 'COPY').some((copy) => {
    const [target = '', ...sources] = copy.args
      .split(/\s+/)
      .filter((arg) => !arg.startsWith('--'))
      .reverse();
    const into = normalize(target.startsWith('/') ? target : join(WORKDIR, target));
    return sources.some((source) => {
      const name = source.split('/').at(-1) ?? '';
      if (!/[.*]/.test(name)) return wanted === into || wanted.startsWith(`${into}/`);
      const landed = target.endsWith('/') ? join(into, name) : into;
      const pattern = landed.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
      return new RegExp(`^${pattern.join('[^/]*')}$`).test(wanted);
    });
  });
}

/** An entry script exists, is in the image, and the compiled module it loads is built and in it. */
function entryProblems(where: string, command: string[] | undefined, runtime: DockerStage) {
  const [program, script] = command ?? [];
  if (program !== 'node' || script === undefined) return [`${where} does not run node: ${command}`];
  if (!existsSync(join(REPO, script))) return [`${where}: ${script} does not exist`];
  const problems: string[] = [];
  if (!copiedInto(runtime, script))
    problems.push(`${where}: ${script} is not copied into the image`);
  const shim = readFileSync(join(REPO, script), 'utf8');
  for (const [, target = ''] of shim.matchAll(/import\s+'(\.[^']+)'/g)) {
    const built = relative(REPO, join(REPO, dirname(script), target));
    const source = built.replace('/dist/', '/src/').replace(/\.js$/, '.ts');
    if (!existsSync(join(REPO, source)))
      problems.push(`${where}: ${built} has no source ${source}`);
    if (!copiedInto(runtime, built))
      problems.push(`${where}: ${built} is not copied into the image`);
  }
  return problems;
}

/** Commands: exec form, and entry files that exist in the built layout. */
export const commandsAgree: Check = async (files) => {
  const runtime = runtimeStage(parseDockerfile(files.dockerfile));
  const cmd = instructions(runtime, 'CMD').at(-1)?.args ?? '';
  const exec = execForm(cmd);
  const problems = exec
    ? []
    : [`Dockerfile CMD is not in exec form (SIGTERM would not reach node): ${cmd}`];
  problems.push(...entryProblems('Dockerfile CMD', exec, runtime));
  const compose = parseCompose(files.compose);
  for (const [name, definition] of Object.entries(compose.services)) {
    const command = commandOf(definition);
    if (command !== undefined && definition.image?.startsWith('pipstream')) {
      problems.push(...entryProblems(`compose ${name} command`, command, runtime));
    }
  }
  if (!instructions(runtime, 'USER').some((user) => user.args !== 'root' && user.args !== '0')) {
    problems.push('the runtime stage runs as root');
  }
  return problems;
};

/** nginx: the socket upgrade on the socket path, proxying to the gateway, sensible limits. */
export const nginxAgrees: Check = async (files, facts) => {
  const problems: string[] = [];
  const { http, server } = nginxParts(files);
  const socket = location(server, '=', facts.socketPath);
  if (!socket) return [`nginx has no "location = ${facts.socketPath}"`];
  const headers = directives(socket.block, 'proxy_set_header').map((h) => h.args.join(' '));
  const maps = directives(http.block, 'map').map((m) => m.args.join(' '));
  if (!headers.includes('Upgrade $http_upgrade')) {
    problems.push(`nginx ${facts.socketPath} does not pass Upgrade $http_upgrade`);
  }
  if (
    !headers.includes('Connection $connection_upgrade') ||
    !maps.includes('$http_upgrade $connection_upgrade')
  ) {
    problems.push(`nginx ${facts.socketPath} does not pass Connection from the upgrade map`);
  }
  for (const [name, block] of [
    [facts.socketPath, socket],
    ['/', location(server, '/')],
  ] as const) {
    if (directives(block?.block, 'proxy_pass')[0]?.args[0] !== 'http://gateway') {
      problems.push(`nginx ${name} does not proxy to http://gateway`);
    }
  }
  const readTimeout = directives(socket.block, 'proxy_read_timeout')[0]?.args[0] ?? '60s';
  if (durationMs(readTimeout) <= 3 * facts.heartbeatMs) {
    problems.push(`nginx ${facts.socketPath} read timeout ${readTimeout} is within 3 heartbeats`);
  }
  const nextUpstream = directives(server?.block, 'proxy_next_upstream')[0]?.args ?? [];
  for (const reason of ['error', 'timeout', 'http_502', 'http_503']) {
    if (!nextUpstream.includes(reason)) problems.push(`nginx proxy_next_upstream lacks ${reason}`);
  }
  const bodyLimit = directives(server?.block, 'client_max_body_size')[0]?.args[0] ?? '1m';
  const bytes =
    Number.parseInt(bodyLimit, 10) *
    (/m$/i.test(bodyLimit) ? 1024 * 1024 : /k$/i.test(bodyLimit) ? 1024 : 1);
  if (bytes < facts.maxUploadBytes) {
    problems.push(
      `nginx client_max_body_size ${bodyLimit} refuses a ${facts.maxUploadBytes}-byte upload`,
    );
  }
  return problems;
};

/**
 * README: the configuration tables list exactly the variables the code reads, and those of the
 * nginx template.
 */
export const readmeAgrees: Check = async (files, facts) => {
  const listed = envTableNames(readmeSection(files.readme, 'Configuration'));
  const known = [...facts.gatewayEnvVars, ...facts.mockEnvVars, ...templateVariables(files.nginx)];
  const problems = known
    .filter((name) => !listed.includes(name))
    .map((name) => `README lacks ${name}`);
  for (const name of listed) {
    if (!known.includes(name)) problems.push(`README lists ${name}, which nothing reads`);
  }
  for (const name of new Set(listed)) {
    if (listed.filter((n) => n === name).length > 1) problems.push(`README lists ${name} twice`);
  }
  return problems;
};

/** Draining: Docker waits longer than the gateway drains before it kills a replica. */
export const drainAgrees: Check = async (files, facts) => {
  const compose: Compose = parseCompose(files.compose);
  const gateway = service(compose, 'gateway');
  const drainMs = facts.loadGatewayConfig(serviceEnv(gateway)).shutdownGraceMs;
  const graceMs = durationMs(gateway.stop_grace_period ?? '10s');
  return graceMs > drainMs
    ? []
    : [`compose stop_grace_period ${graceMs} ms does not outlast SHUTDOWN_GRACE_MS ${drainMs} ms`];
};

export const CHECKS = {
  ports: portsAgree,
  environment: environmentAgrees,
  'health checks': healthChecksAgree,
  commands: commandsAgree,
  nginx: nginxAgrees,
  'cluster limits': clusterLimitsAgree,
  monitoring: monitoringAgrees,
  exposure: exposureAgrees,
  readme: readmeAgrees,
  drain: drainAgrees,
} as const;
