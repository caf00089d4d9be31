/**
 * docker-compose.yml's topology without Docker, on 127.0.0.1: the mock upstream (its compose
 * command), N gateway replicas (the image's command, compose's environment) and, if asked,
 * Debian's nginx running deploy/nginx.conf.template as the nginx image renders it, with only
 * its ports, upstream servers and resolver rewritten.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import {
  freePort,
  printed,
  type Started,
  start,
  stop,
  until,
} from '../../../protocol/src/test-support/index.js';
import {
  commandOf,
  execForm,
  instructions,
  localNginxConf,
  parseCompose,
  parseDockerfile,
  REPO,
  readDeployFiles,
  renderedNginx,
  runtimeStage,
  service,
  serviceEnv,
} from './deploy-files.js';

/** A program from PATH or Debian's sbin folders; `.ci/run` installs `aptPackage` where missing. */
export function findProgram(name: string, aptPackage: string): string {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  const found = dirs.map((dir) => join(dir, name)).find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      `${name} is not installed: \`bash .ci/run\` installs it (apt-get install -y ${aptPackage})`,
    );
  }
  return found;
}

/** `args` with the value after each flag of `values` replaced; every flag must be there. */
function withFlags(args: readonly string[], values: Record<string, string>): string[] {
  const changed = [...args];
  for (const [flag, value] of Object.entries(values)) {
    const at = changed.indexOf(flag);
    if (at === -1 || at + 1 >= changed.length) throw new Error(`no ${flag} in ${args.join(' ')}`);
    changed[at + 1] = value;
  }
  return changed;
}

export interface Replica {
  readonly process: Started;
  readonly url: string;
  /** Its /metrics, on a port of its own (as Prometheus scrapes it). */
  readonly metricsUrl: string;
}

export interface TopologyOptions {
  readonly replicas: number;
  /**
   * Values for compose's `${…}` interpolation, as a `.env` file gives them: they reach the
   * services' environments (the gateways', and nginx's CLUSTER_* limits) the way compose's do.
   */
  readonly hostEnv?: Readonly<Record<string, string>>;
  /** Whether nginx runs in front. */
  readonly nginx: boolean;
  /** Variables every replica gets on top of compose's (a test's smaller limits). */
  readonly replicaEnv?: Readonly<Record<string, string>>;
}

export interface Topology {
  readonly mock: Started;
  readonly mockUrl: string;
  readonly replicas: readonly Replica[];
  /** nginx's base URL, when it runs. */
  readonly base: string;
  /** The gateways' SHUTDOWN_GRACE_MS, as compose sets it. */
  readonly drainMs: number;
  /** Stops every process by its PID and removes the temporary folders. */
  stop(): Promise<void>;
}

/**
 * Starts the topology; on a failure, stops what it started before throwing. The replicas run
 * the built gateway, as the image does: it is built first (incremental, quick when nothing
 * changed), so they never run a stale build.
 */
export async function startTopology(options: TopologyOptions): Promise<Topology> {
  const processes: Started[] = [];
  const tmpDirs: string[] = [];
  const stopAll = async () => {
    await Promise.all(processes.map((started) => stop(started, 'SIGTERM', 5000)));
    for (const dir of tmpDirs) await rm(dir, { recursive: true, force: true });
  };
  try {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    execFileSync(process.execPath, [tsc, '-b', join(REPO, 'gateway')], { stdio: 'inherit' });
    const hostEnv = options.hostEnv ?? {};
    const files = await readDeployFiles();
    const compose = parseCompose(files.compose);
    const work = await mkdtemp(join(tmpdir(), 'pipstream-ops-'));
    tmpDirs.push(work);

    // The mock, with compose's command and environment; loopback and a free port here.
    const mockService = service(compose, 'mock');
    const [, ...mockArgs] = commandOf(mockService) ?? [];
    const mock = start(
      'mock',
      process.execPath,
      withFlags(mockArgs, { '--host': '127.0.0.1', '--port': '0', '--data': join(work, 'mock') }),
      { cwd: REPO, env: serviceEnv(mockService, hostEnv) },
    );
    processes.push(mock);
    const mockUrl = await printed(mock, /listening on (http:\/\/\S+)/);

    // The replicas: the image's command; compose's environment with UPSTREAM_URL set on the
    // host (the one-variable switch), each on its own free port and serving a stand-in page.
    const web = join(work, 'web');
    await mkdir(web);
    await writeFile(join(web, 'index.html'), '<!doctype html><title>Pipstream</title>\n');
    const [, ...gatewayArgs] =
      execForm(
        instructions(runtimeStage(parseDockerfile(files.dockerfile)), 'CMD').at(-1)?.args ?? '',
      ) ?? [];
    const gatewayEnv = serviceEnv(service(compose, 'gateway'), {
      ...hostEnv,
      UPSTREAM_URL: mockUrl,
    });
    const replicas: Replica[] = [];
    for (let i = 1; i <= options.replicas; i++) {
      const replica = start(`gateway-${i}`, process.execPath, gatewayArgs, {
        cwd: REPO,
        env: {
          ...gatewayEnv,
          PORT: '0',
          HOST: '127.0.0.1',
          // Loopback here; compose's METRICS_HOST and TRUST_PROXY name container addresses.
          METRICS_PORT: '0',
          METRICS_HOST: '127.0.0.1',
          TRUST_PROXY: '127.0.0.1',
          WEB_DIR: web,
          LOG_LEVEL: 'warn',
          ...options.replicaEnv,
        },
      });
      processes.push(replica);
      const url = await printed(replica, /listening on (http:\/\/\S+) →/);
      const metricsUrl = await printed(replica, /metrics at (http:\/\/\S+)/);
      replicas.push({ process: replica, url, metricsUrl });
    }

    let base = '';
    if (options.nginx) {
      const nginx = findProgram('nginx', 'nginx-light');
      // nginx as root runs its workers as nobody: its folder must be readable by them.
      const nginxDir = await mkdtemp(join(tmpdir(), 'pipstream-ops-nginx-'));
      tmpDirs.push(nginxDir);
      await chmod(nginxDir, 0o755);
      const listenPort = await freePort();
      const conf = localNginxConf(renderedNginx(files, hostEnv), {
        listenPort,
        gatewayPorts: replicas.map((replica) => Number(new URL(replica.url).port)),
        tempDir: join(nginxDir, 'temp'),
      });
      await mkdir(join(nginxDir, 'temp'));
      await writeFile(join(nginxDir, 'nginx.conf'), conf);
      const pid = join(nginxDir, 'nginx.pid');
      // nginx opens its access log, `/dev/stdout`, by name: that works on a file, not on the
      // socket Node hands a child for a pipe.
      const accessLog = await open(join(nginxDir, 'access.log'), 'a');
      const balancer = start(
        'nginx',
        nginx,
        [
          '-p',
          nginxDir,
          '-e',
          'stderr',
          '-c',
          join(nginxDir, 'nginx.conf'),
          '-g',
          `daemon off; pid ${pid}; error_log stderr;`,
        ],
        { stdoutFd: accessLog.fd },
      );
      await accessLog.close();
      processes.push(balancer);
      base = `http://127.0.0.1:${listenPort}`;
      const readyz = `${base}/readyz`;
      await until(
        () => `nginx on ${base} (exited: ${!balancer.running}, stderr: ${balancer.stderr()})`,
        async () => (await fetch(readyz)).status,
        (status) => status === 200,
      );
    }
    return {
      mock,
      mockUrl,
      replicas,
      base,
      drainMs: Number(gatewayEnv.SHUTDOWN_GRACE_MS),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** A replica's own figures, from its /metrics. */
export interface ReplicaFigures {
  readonly clients: number;
  readonly publicUpstream: number;
  readonly privateUpstream: number;
}

/** The value of each sample of a /metrics text, by series (`name{labels}`). */
export function samples(text: string): Map<string, number> {
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    values.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return values;
}

export async function figuresOf(replica: Replica): Promise<ReplicaFigures> {
  const values = samples(await (await fetch(replica.metricsUrl)).text());
  return {
    clients: values.get('gateway_clients') ?? 0,
    publicUpstream: values.get('gateway_upstream_connections{kind="public"}') ?? 0,
    privateUpstream: values.get('gateway_upstream_connections{kind="private"}') ?? 0,
  };
}
