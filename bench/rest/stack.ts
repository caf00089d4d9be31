/**
 * The four targets of the REST benchmark, all on 127.0.0.1 and all in front of one mock: the
 * mock itself, Debian's nginx proxying to it, a bare @fastify/http-proxy proxying to it
 * (bare-http-proxy.ts), and the built gateway proxying to it. Every process is started with
 * bench/lib/processes.ts and stopped by its PID.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, type Started, start, waitForHttp } from '../lib/processes.js';
import { nginxConfig } from './nginx-config.js';

export const TARGETS = ['direct', 'nginx', 'http-proxy', 'gateway'] as const;
export type TargetName = (typeof TARGETS)[number];

export interface Target {
  /** Origin the load is sent to. */
  readonly url: string;
  /** The proxy's processes, whose CPU per request is reported (none for the mock itself). */
  readonly proxyPids: readonly number[];
}

export interface Stack {
  readonly targets: Readonly<Record<TargetName, Target>>;
  readonly mockUrl: string;
  readonly mockPid: number;
  /** Stops every process by its PID and removes nginx's folder. */
  stop(): Promise<void>;
}

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const MOCK_BIN = join(REPO, 'protocol/bin/pipstream-mock.js');
const GATEWAY_BIN = join(REPO, 'gateway/bin/pipstream-gateway.js');
const NGINX_BIN = '/usr/sbin/nginx';
const BARE_PROXY = fileURLToPath(new URL('./bare-http-proxy.ts', import.meta.url));
/** tsx's loader by absolute URL: the child finds it whatever the working directory. */
const TSX = import.meta.resolve('tsx');
/**
 * The mock's options: a throwaway database, and its slowest tick (one market step a minute) so
 * that quotes cost nothing under load.
 */
export const MOCK_OPTIONS = ['--data', ':memory:', '--tick-ms', '60000'] as const;

/**
 * The gateway's environment besides its port and upstream. `LOG_LEVEL=warn` turns off
 * Fastify's two log lines per request, as `access_log off` does for nginx: both proxies are
 * measured without a request log.
 */
export const GATEWAY_ENV = { LOG_LEVEL: 'warn', NODE_ENV: 'production' } as const;

/** The mock as the benchmarks run it, on `port`. */
export function startBenchMock(port: number): Started {
  return start(process.execPath, [MOCK_BIN, '--port', String(port), ...MOCK_OPTIONS]);
}

/** The gateway as the benchmarks run it, on `port`, in front of `upstreamUrl`. */
export function startBenchGateway(port: number, upstreamUrl: string): Started {
  return start(process.execPath, [GATEWAY_BIN], {
    ...GATEWAY_ENV,
    PORT: String(port),
    HOST: '127.0.0.1',
    // Not scraped here: any free port.
    METRICS_PORT: '0',
    UPSTREAM_URL: upstreamUrl,
  });
}

/** Starts the mock and the three proxies and waits until each answers `/healthz`. */
export async function startStack(): Promise<Stack> {
  if (!existsSync(NGINX_BIN)) {
    throw new Error(`${NGINX_BIN} is missing: \`bash .ci/run\` installs it (nginx-light)`);
  }
  for (const bin of [MOCK_BIN, GATEWAY_BIN]) {
    if (!existsSync(bin)) throw new Error(`${bin} is missing: run \`npm run build\` first`);
  }
  const [mockPort, nginxPort, bareProxyPort, gatewayPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const mockUrl = `http://127.0.0.1:${mockPort}`;
  const nginxUrl = `http://127.0.0.1:${nginxPort}`;
  const bareProxyUrl = `http://127.0.0.1:${bareProxyPort}`;
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;

  // nginx, run as root, serves as `nobody`: its folder must be readable by that user.
  const nginxDir = await mkdtemp(join(tmpdir(), 'pipstream-bench-nginx-'));
  await chmod(nginxDir, 0o755);
  const conf = join(nginxDir, 'nginx.conf');
  await writeFile(
    conf,
    nginxConfig({ listenPort: nginxPort, upstreamPort: mockPort, tempDir: nginxDir }),
  );

  const started: Started[] = [];
  const stop = async () => {
    // The proxies first, then the mock (started first): none loses its upstream mid-request.
    const [mock, ...proxies] = started;
    await Promise.all(proxies.map((child) => child.stop()));
    await mock?.stop();
    await rm(nginxDir, { recursive: true, force: true });
  };
  try {
    const mock = startBenchMock(mockPort);
    started.push(mock);
    const nginx = start(NGINX_BIN, [
      ...['-p', nginxDir, '-e', 'stderr', '-c', conf],
      ...['-g', `daemon off; pid ${join(nginxDir, 'nginx.pid')};`],
    ]);
    started.push(nginx);
    const bareProxy = start(process.execPath, ['--import', TSX, BARE_PROXY], {
      NODE_ENV: 'production',
      PORT: String(bareProxyPort),
      UPSTREAM_URL: mockUrl,
    });
    started.push(bareProxy);
    const gateway = startBenchGateway(gatewayPort, mockUrl);
    started.push(gateway);

    await waitForHttp(`${mockUrl}/healthz`, mock);
    // Through nginx, /healthz is the mock's: it proves the proxy path, not only the listener.
    await Promise.all([
      waitForHttp(`${nginxUrl}/healthz`, nginx),
      waitForHttp(`${bareProxyUrl}/healthz`, bareProxy),
      waitForHttp(`${gatewayUrl}/healthz`, gateway),
    ]);
    return {
      targets: {
        direct: { url: mockUrl, proxyPids: [] },
        nginx: { url: nginxUrl, proxyPids: [nginx.pid, ...childPids(nginx.pid)] },
        'http-proxy': { url: bareProxyUrl, proxyPids: [bareProxy.pid] },
        gateway: { url: gatewayUrl, proxyPids: [gateway.pid] },
      },
      mockUrl,
      mockPid: mock.pid,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** PIDs whose parent is `pid` (nginx's workers), from /proc. */
function childPids(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        // The parent is the second field after the command name, which may hold spaces.
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false; // Exited meanwhile.
      }
    })
    .map(Number);
}
