/**
 * The whole product on loopback as production runs it: the built mock upstream and the built
 * gateway serving a copy of `web/dist`, each a child process stopped by its PID; optionally the
 * widening upstream between them (see wide-market.ts).
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, type Started, start, waitForHttp } from '../lib/processes.js';
import { startWideMarket, type WideMarket } from './wide-market.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WEB_DIST = join(ROOT, 'web/dist');

export interface StackOptions {
  /** Milliseconds between the mock's DAY_MARKET frames (its `--tick-ms`). */
  readonly tickMs: number;
  /** Instruments listed in all; more than the mock's own adds synthetic copies. */
  readonly instruments?: number;
  /**
   * Another web build to serve beside this one, by a second gateway in front of the same
   * upstream: what this build is paired with.
   */
  readonly referenceWebDir?: string;
  /**
   * More gateways serving this build in front of the same upstream, by name, each with these
   * variables on top of the first one's (e.g. `{ WS_PERMESSAGE_DEFLATE: 'false' }`).
   */
  readonly moreGateways?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** A running stack. */
export interface Stack {
  /** The gateway, `http://127.0.0.1:port`: what the browser opens. */
  readonly baseUrl: string;
  /** The second gateway, serving the reference build, when one was asked for. */
  readonly referenceUrl?: string;
  /** The gateways of `moreGateways`, by name, as `baseUrl`. */
  readonly more: Readonly<Record<string, string>>;
  /** The mock, for its control API. */
  readonly mockUrl: string;
  /** Instruments in the trade list the browser gets. */
  readonly instruments: number;
  /** Stops the gateways, the widening upstream and the mock, and removes the web copies. */
  close(): Promise<void>;
}

/**
 * Starts the stack. The gateway serves a copy of `web/dist`, so that somebody's rebuild during
 * the run (which empties the folder first) cannot pull files from under a page.
 *
 * @throws when web/dist or the built packages are missing (run `npm run build`).
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build` first');
  }
  const reference = options.referenceWebDir;
  if (reference !== undefined && !existsSync(join(reference, 'index.html'))) {
    throw new Error(`${reference} holds no web build (no index.html)`);
  }
  const scratch = await mkdtemp(join(tmpdir(), 'pipstream-bench-'));
  const started: Started[] = [];
  let wide: WideMarket | undefined;
  const close = async () => {
    // The gateway first, so it does not see its upstream vanish and start reconnecting.
    for (const child of [...started].reverse()) await child.stop();
    await wide?.close();
    await rm(scratch, { recursive: true, force: true });
  };
  try {
    const webDir = join(scratch, 'web');
    await cp(WEB_DIST, webDir, { recursive: true });
    const referenceDir = join(scratch, 'reference');
    if (reference !== undefined) await cp(reference, referenceDir, { recursive: true });

    const mockPort = await freePort();
    const mockUrl = `http://127.0.0.1:${mockPort}`;
    const mock = start('node', [
      join(ROOT, 'protocol/bin/pipstream-mock.js'),
      '--port',
      String(mockPort),
      '--data',
      ':memory:',
      '--tick-ms',
      String(options.tickMs),
    ]);
    started.push(mock);
    await waitForHttp(`${mockUrl}/healthz`, mock);

    let upstreamUrl = mockUrl;
    let instruments: number | undefined;
    if (options.instruments !== undefined) {
      wide = await startWideMarket(mockUrl, options.instruments);
      upstreamUrl = wide.url;
      instruments = wide.instruments;
    }

    const baseUrl = await startGateway(upstreamUrl, webDir, started);
    const referenceUrl =
      reference === undefined ? undefined : await startGateway(upstreamUrl, referenceDir, started);
    const more: Record<string, string> = {};
    for (const [name, env] of Object.entries(options.moreGateways ?? {})) {
      more[name] = await startGateway(upstreamUrl, webDir, started, env);
    }
    instruments ??= await countInstruments(baseUrl);
    return { baseUrl, referenceUrl, more, mockUrl, instruments, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * A built gateway serving `webDir` in front of `upstreamUrl` (with `env` added to its
 * variables), once ready; its origin.
 */
async function startGateway(
  upstreamUrl: string,
  webDir: string,
  started: Started[],
  env: Readonly<Record<string, string>> = {},
) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const gateway = start('node', [join(ROOT, 'gateway/bin/pipstream-gateway.js')], {
    HOST: '127.0.0.1',
    PORT: String(port),
    // Not scraped here: any free port.
    METRICS_PORT: '0',
    UPSTREAM_URL: upstreamUrl,
    WEB_DIR: webDir,
    LOG_LEVEL: 'warn',
    ...env,
  });
  started.push(gateway);
  await waitForHttp(`${url}/readyz`, gateway);
  return url;
}

async function countInstruments(baseUrl: string): Promise<number> {
  const answer = (await (await fetch(`${baseUrl}/v1/api/forex/trade_list`)).json()) as {
    data?: unknown[];
  };
  return answer.data?.length ?? 0;
}
