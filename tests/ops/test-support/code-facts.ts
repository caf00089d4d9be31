import { join } from 'node:path';
import {
  buildGateway,
  GATEWAY_ENV_VARS,
  type Gateway,
  loadConfig,
  withUpstream,
} from '@pipstream/gateway';
import {
  CODE,
  firstScreenRoutes,
  HEARTBEAT_MS,
  type RouteName,
  routes,
  SOCKET_PATH,
} from '@pipstream/protocol';
import {
  createMockUpstream,
  MOCK_ENV_VARS,
  type MockUpstream,
  mockOptionsSchema,
  parseMockArgs,
} from '@pipstream/protocol/mock';
import type { CodeFacts } from './agreement.js';
import { REPO } from './deploy-files.js';

/** The calls that log in, open an account or send a code: what a balancer paces as logins. */
const LOGIN_CALLS: readonly RouteName[] = [
  'loginForU',
  'createAccountDemoForU',
  'register',
  'forgetPassword',
  'amendPassword',
  'sendEmail',
  'sendSms',
];

/** What the code says, read from a gateway built in-process (probed, not listening) and a mock. */
export interface LiveFacts {
  readonly facts: CodeFacts;
  close(): Promise<void>;
}

export async function readCodeFacts(): Promise<LiveFacts> {
  // No web build: an unknown path is a 404, not the app's index.html.
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIR: join(REPO, '.no-web-build') });
  const gateway: Gateway = buildGateway(withUpstream(config, 'http://127.0.0.1:9'));
  await gateway.ready();
  const mock: MockUpstream = await createMockUpstream({
    port: 0,
    data: ':memory:',
    tickMs: 60_000,
  });
  const facts: CodeFacts = {
    gatewayDefaults: loadConfig({}),
    loadGatewayConfig: (env) => loadConfig(env),
    gatewayEnvVars: GATEWAY_ENV_VARS,
    mockEnvVars: MOCK_ENV_VARS,
    parseMockArgs,
    gatewayServes: async (path) =>
      (await gateway.inject({ method: 'GET', url: path })).statusCode !== 404,
    mockServes: async (path) => (await fetch(`${mock.url}${path}`)).status !== 404,
    socketPath: SOCKET_PATH,
    heartbeatMs: HEARTBEAT_MS,
    maxUploadBytes: mockOptionsSchema.parse({}).maxUploadBytes,
    restPaths: Object.values(routes)
      .filter((route) => (route.host ?? 'api') === 'api')
      .map((route) => route.path),
    loginPaths: LOGIN_CALLS.map((name) => routes[name].path),
    firstScreenCalls: Object.keys(firstScreenRoutes).length,
    rateLimitedCode: CODE.RATE_LIMITED,
  };
  return {
    facts,
    close: async () => {
      await gateway.close();
      await mock.close();
    },
  };
}
