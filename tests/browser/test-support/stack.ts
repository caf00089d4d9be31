import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildGateway, type Gateway, loadConfig, withUpstream } from '@pipstream/gateway';
import { CODE, createRestClient, type RestClient, routes } from '@pipstream/protocol';
import {
  CONTROL_PREFIX,
  createMockUpstream,
  type MockOptions,
  type MockUpstream,
} from '@pipstream/protocol/mock';

/** `web/dist` of this checkout: what the gateway serves and the browser loads. */
export const WEB_DIR = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** A typed REST client of the product API, through the gateway, in English. */
export type StackApi = RestClient<typeof routes>;

/** The whole product on loopback: a mock upstream and a gateway serving the web build. */
export interface Stack {
  /** The gateway, `http://127.0.0.1:port`: what the browser opens. */
  readonly baseUrl: string;
  /** The mock upstream, `http://127.0.0.1:port` (its control API is under `/__control`). */
  readonly mockUrl: string;
  /** The copy of the web build the gateway serves: a test may deploy a new version into it. */
  readonly webDir: string;
  /**
   * How long the gateway shares a public answer (its micro-cache, `CACHE_TTL_MS`), ms: a read
   * repeated within it gets the same answer, whatever the upstream published meanwhile.
   */
  readonly cacheTtlMs: number;
  /** Product calls through the gateway as a visitor on another device (test set-up). */
  readonly api: StackApi;
  /** Product calls through the gateway as the user of `token` (test set-up: orders, funds). */
  apiAs(token: string): StackApi;
  /**
   * Calls the mock's control API: GET when `body` is left out (put the query in `path`), else
   * POST with `body` as JSON. Resolves the answer's `data`; rejects with the answer's message
   * when its code is not 1.
   */
  control<T = unknown>(path: string, body?: object): Promise<T>;
  /** The value of one of the gateway's own metrics (a gauge or counter without labels). */
  gatewayMetric(name: string): Promise<number>;
  /** Closes the gateway, then the mock, and removes the data directory and the web copy. */
  close(): Promise<void>;
}

export interface StackOptions {
  /** Mock options on top of the stack's (port 0 on loopback, a fresh data directory). */
  readonly mock?: Omit<MockOptions, 'port' | 'host' | 'data'>;
  /** Gateway settings (its environment variables) on top of the stack's. */
  readonly gateway?: Readonly<Record<string, string>>;
}

function createApi(baseUrl: string, token?: string): StackApi {
  return createRestClient(routes, { baseUrl, getLang: () => 'en', getToken: () => token });
}

/** Fails before anything starts when the web build is missing: the browser would see a 404. */
function requireWebBuild(): void {
  if (!existsSync(join(WEB_DIR, 'index.html'))) {
    throw new Error(
      `web/dist is missing: run npm run build:web (looked for ${WEB_DIR}/index.html)`,
    );
  }
}

/** How often a copy caught in the middle of a rebuild is taken again before giving up. */
const SNAPSHOT_ATTEMPTS = 5;

/**
 * Copies the web build to `into` and checks the copy is whole (every file of Vite's manifest is
 * there). The stack serves the copy, so a rebuild while the tests run (a developer's
 * `npm run build:web`, which empties web/dist first) cannot pull files from under a page.
 */
async function snapshotWebBuild(into: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await rm(into, { recursive: true, force: true });
    await cp(WEB_DIR, into, { recursive: true });
    const missing = await missingBuildFiles(into);
    if (missing.length === 0) return;
    if (attempt === SNAPSHOT_ATTEMPTS) {
      throw new Error(`web/dist is incomplete (a build still running?): ${missing.join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Files the copied build's index.html and manifest name that the copy lacks. */
async function missingBuildFiles(dir: string): Promise<string[]> {
  const wanted = ['index.html'];
  const manifest = join(dir, '.vite', 'manifest.json');
  if (existsSync(manifest)) {
    const entries = JSON.parse(await readFile(manifest, 'utf8')) as Record<
      string,
      { file: string; css?: string[] }
    >;
    for (const entry of Object.values(entries)) wanted.push(entry.file, ...(entry.css ?? []));
  }
  return wanted.filter((file) => !existsSync(join(dir, file)));
}

/**
 * Starts the stack in-process: a mock upstream with its own temporary data directory and a
 * gateway in front of it serving a copy of `web/dist`, both on 127.0.0.1 with ephemeral ports.
 *
 * @throws when `web/dist/index.html` does not exist (run `npm run build:web`).
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  requireWebBuild();
  const scratch = await mkdtemp(join(tmpdir(), 'pipstream-browser-'));
  const web = join(scratch, 'web');
  let mock: MockUpstream | undefined;
  let gateway: Gateway | undefined;
  try {
    await snapshotWebBuild(web);
    const data = join(scratch, 'data');
    mock = await createMockUpstream({ ...options.mock, port: 0, host: '127.0.0.1', data });
    const config = loadConfig({
      ...options.gateway,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'silent',
      WEB_DIR: web,
    });
    gateway = buildGateway(withUpstream(config, mock.url, mock.wsUrl));
    const baseUrl = await gateway.listen({ host: '127.0.0.1', port: 0 });
    const started = { mock, gateway };
    return {
      baseUrl,
      mockUrl: mock.url,
      webDir: web,
      cacheTtlMs: config.cacheTtlMs,
      api: createApi(baseUrl),
      apiAs: (token) => createApi(baseUrl, token),
      control: (path, body) => callControl(started.mock.url, path, body),
      gatewayMetric: async (name) => {
        const metric = await started.gateway.metrics.registry.getSingleMetric(name)?.get();
        return metric?.values[0]?.value ?? Number.NaN;
      },
      close: () => stopAll(started.gateway, started.mock, scratch),
    };
  } catch (error) {
    await stopAll(gateway, mock, scratch);
    throw error;
  }
}

/** Closes what was started, in order, and removes the scratch directory, whatever fails. */
async function stopAll(
  gateway: Gateway | undefined,
  mock: MockUpstream | undefined,
  scratch: string,
): Promise<void> {
  try {
    await gateway?.close();
  } finally {
    try {
      await mock?.close();
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
}

interface Envelope {
  readonly code: number;
  readonly msg: string;
  readonly data?: unknown;
}

async function callControl<T>(mockUrl: string, path: string, body?: object): Promise<T> {
  const url = `${mockUrl}${CONTROL_PREFIX}${path.startsWith('/') ? path : `/${path}`}`;
  const response = await fetch(
    url,
    body === undefined
      ? { method: 'GET' }
      : {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
  );
  const answer = (await response.json()) as Envelope;
  if (answer.code !== CODE.OK) {
    throw new Error(`control ${body === undefined ? 'GET' : 'POST'} ${path}: ${answer.msg}`);
  }
  return answer.data as T;
}
