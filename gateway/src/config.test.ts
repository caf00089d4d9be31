import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  GATEWAY_ENV_VARS,
  loadConfig,
  upstreamSocketUrl,
  withUpstream,
} from './config.js';

/** The message of the ConfigError `env` raises. */
function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('loadConfig defaults', () => {
  it('starts from defaults an `npm start` user expects', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      metricsPort: 9464,
      metricsHost: '127.0.0.1',
      upstreamUrl: undefined,
      upstreamWsUrl: undefined,
      allowedOrigins: '*',
      trustProxy: false,
      webDir: resolve(import.meta.dirname, '../../web/dist'),
      logLevel: 'info',
      proxyTimeoutMs: 10_000,
      maxBodyBytes: 6 * 1024 * 1024,
      bodyTimeoutMs: 60_000,
      upstreamRequestsPerIp: 64,
      maxIdleConnectionsPerIp: 1000,
      ipv6PrefixLength: 64,
      cacheTtlMs: 1000,
      maxFrameBytes: 4096,
      maxSubscriptions: 64,
      maxConnectionsPerIp: 1000,
      connectionsPerIpPerSecond: 50,
      maxPrivateSessions: 5000,
      maxPrivateSessionsPerIp: 500,
      loginsPerIpPerSecond: 20,
      softBufferBytes: 64 * 1024,
      hardBufferBytes: 1024 * 1024,
      heartbeatMs: 5000,
      lingerMs: 2000,
      badFrameLimit: 20,
      socketMessages: { burst: 500, perSecond: 50 },
      shutdownGraceMs: 10_000,
      perMessageDeflate: true,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', HOST: ' ', LOG_LEVEL: '' })).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      logLevel: 'info',
    });
  });
});

describe('loadConfig values', () => {
  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      METRICS_PORT: '9001',
      METRICS_HOST: '0.0.0.0',
      UPSTREAM_URL: 'https://api.example.com/',
      ALLOWED_ORIGINS: 'https://app.example.com, http://localhost:5173/',
      TRUST_PROXY: '10.0.0.0/8,127.0.0.1',
      WEB_DIR: 'some/dir',
      LOG_LEVEL: 'DEBUG',
      PROXY_TIMEOUT_MS: '2500',
      MAX_BODY_BYTES: '65536',
      BODY_TIMEOUT_MS: '5000',
      UPSTREAM_REQUESTS_PER_IP: '8',
      MAX_IDLE_CONNECTIONS_PER_IP: '40',
      IPV6_PREFIX_LENGTH: '56',
      CACHE_TTL_MS: '0',
      MAX_FRAME_BYTES: '8192',
      MAX_SUBSCRIPTIONS: '10',
      MAX_CONNECTIONS_PER_IP: '5',
      CONNECTION_RATE_PER_IP: '7',
      MAX_PRIVATE_SESSIONS: '300',
      MAX_PRIVATE_SESSIONS_PER_IP: '30',
      LOGIN_RATE_PER_IP: '3',
      SOFT_BUFFER_BYTES: '2048',
      HARD_BUFFER_BYTES: '4096',
      HEARTBEAT_MS: '1000',
      LINGER_MS: '0',
      BAD_FRAME_LIMIT: '3',
      SOCKET_MESSAGE_BURST: '100',
      SOCKET_MESSAGE_RATE: '10',
      SHUTDOWN_GRACE_MS: '500',
      WS_PERMESSAGE_DEFLATE: 'false',
    });
    expect(config).toEqual({
      port: 9000,
      host: '127.0.0.1',
      metricsPort: 9001,
      metricsHost: '0.0.0.0',
      upstreamUrl: 'https://api.example.com',
      upstreamWsUrl: 'wss://api.example.com/v1/ws',
      allowedOrigins: ['https://app.example.com', 'http://localhost:5173'],
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      webDir: resolve('some/dir'),
      logLevel: 'debug',
      proxyTimeoutMs: 2500,
      maxBodyBytes: 65_536,
      bodyTimeoutMs: 5000,
      upstreamRequestsPerIp: 8,
      maxIdleConnectionsPerIp: 40,
      ipv6PrefixLength: 56,
      cacheTtlMs: 0,
      maxFrameBytes: 8192,
      maxSubscriptions: 10,
      maxConnectionsPerIp: 5,
      connectionsPerIpPerSecond: 7,
      maxPrivateSessions: 300,
      maxPrivateSessionsPerIp: 30,
      loginsPerIpPerSecond: 3,
      softBufferBytes: 2048,
      hardBufferBytes: 4096,
      heartbeatMs: 1000,
      lingerMs: 0,
      badFrameLimit: 3,
      socketMessages: { burst: 100, perSecond: 10 },
      shutdownGraceMs: 500,
      perMessageDeflate: false,
    });
  });

  it('takes UPSTREAM_WS_URL as given, and derives it otherwise', () => {
    expect(
      loadConfig({ UPSTREAM_URL: 'http://up:9100', UPSTREAM_WS_URL: 'ws://feed:9200/socket' })
        .upstreamWsUrl,
    ).toBe('ws://feed:9200/socket');
    expect(upstreamSocketUrl('http://127.0.0.1:9100')).toBe('ws://127.0.0.1:9100/v1/ws');
    expect(withUpstream(loadConfig({}), 'https://x.example').upstreamWsUrl).toBe(
      'wss://x.example/v1/ws',
    );
  });

  it('reads TRUST_PROXY as a boolean too', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });
});

describe('loadConfig refusals', () => {
  it.each([
    ['PORT', '80a', /expected a whole number from 0 to 65535, got "80a"/],
    ['PORT', '65536', /from 0 to 65535, got "65536"/],
    ['PORT', '1e3', /got "1e3"/],
    ['PORT', '-1', /got "-1"/],
    ['PORT', '8080.5', /got "8080.5"/],
    ['PORT', '0x50', /got "0x50"/],
    ['METRICS_PORT', '99999', /from 0 to 65535/],
    ['UPSTREAM_URL', 'api.example.com', /expected a URL \(http or https\)/],
    ['UPSTREAM_URL', 'ftp://api.example.com', /expected a URL \(http or https\)/],
    [
      'UPSTREAM_URL',
      'https://api.example.com/v2',
      /with no path, got "https:\/\/api.example.com\/v2"/,
    ],
    ['UPSTREAM_WS_URL', 'http://api.example.com/v1/ws', /expected a URL \(ws or wss\)/],
    ['ALLOWED_ORIGINS', 'https://a.example, nope', /got "nope"/],
    ['ALLOWED_ORIGINS', 'https://a.example/path', /got "https:\/\/a.example\/path"/],
    ['TRUST_PROXY', 'maybe', /expected true, false or comma-separated proxy addresses/],
    ['LOG_LEVEL', 'loud', /expected one of fatal, error, warn, info, debug, trace, silent/],
    ['PROXY_TIMEOUT_MS', '50', /from 100 to 300000/],
    ['CACHE_TTL_MS', 'soon', /from 0 to 60000/],
    ['MAX_FRAME_BYTES', '10', /from 64 to 1048576/],
    ['MAX_SUBSCRIPTIONS', '0', /from 1 to 10000/],
    ['MAX_CONNECTIONS_PER_IP', 'many', /from 1 to 1000000/],
    ['CONNECTION_RATE_PER_IP', '0', /from 1 to 1000000/],
    ['MAX_PRIVATE_SESSIONS', '-5', /from 1 to 1000000/],
    ['MAX_PRIVATE_SESSIONS_PER_IP', '0', /from 1 to 1000000/],
    ['LOGIN_RATE_PER_IP', '2.5', /from 1 to 1000000/],
    ['SOFT_BUFFER_BYTES', '1', /from 1024 to/],
    ['HARD_BUFFER_BYTES', '1.5', /from 1024 to/],
    ['HEARTBEAT_MS', '10', /from 100 to 600000/],
    ['LINGER_MS', 'x', /from 0 to 600000/],
    ['BAD_FRAME_LIMIT', '0', /from 1 to 100000/],
    ['SHUTDOWN_GRACE_MS', '10s', /got "10s"/],
    ['WS_PERMESSAGE_DEFLATE', 'yes', /expected true or false, got "yes"/],
  ])('names %s=%s', (name, value, why) => {
    const env: Record<string, string> = { [name]: value };
    if (name === 'UPSTREAM_WS_URL') env.UPSTREAM_URL = 'https://api.example.com';
    const message = problemsOf(env);
    const line = message.split('\n').find((l) => l.trim().startsWith(`${name}:`));
    expect(line, message).toMatch(why);
  });

  it('names every bad variable at once', () => {
    const message = problemsOf({ PORT: 'x', LOG_LEVEL: 'y', CACHE_TTL_MS: 'z' });
    expect(message).toMatch(/^Invalid gateway configuration:/);
    expect(message).toMatch(/PORT:/);
    expect(message).toMatch(/LOG_LEVEL:/);
    expect(message).toMatch(/CACHE_TTL_MS:/);
  });

  it('refuses a soft buffer cap at or above the hard one', () => {
    expect(problemsOf({ SOFT_BUFFER_BYTES: '4096', HARD_BUFFER_BYTES: '4096' })).toMatch(
      /SOFT_BUFFER_BYTES: must be below HARD_BUFFER_BYTES \(4096\), got 4096/,
    );
  });

  it('refuses /metrics on the public port', () => {
    expect(problemsOf({ PORT: '9000', METRICS_PORT: '9000' })).toMatch(
      /METRICS_PORT: must differ from PORT \(9000\)/,
    );
    expect(loadConfig({ PORT: '0', METRICS_PORT: '0' }).metricsPort).toBe(0);
  });

  it('refuses UPSTREAM_WS_URL without UPSTREAM_URL', () => {
    expect(problemsOf({ UPSTREAM_WS_URL: 'ws://feed/v1/ws' })).toMatch(
      /UPSTREAM_WS_URL: needs UPSTREAM_URL as well/,
    );
  });
});

describe('GATEWAY_ENV_VARS', () => {
  it('names exactly the variables loadConfig reads', () => {
    const read = new Set<string>();
    const env = new Proxy({} as Record<string, string | undefined>, {
      get(_target, name) {
        if (typeof name === 'string' && /^[A-Z][A-Z0-9_]*$/.test(name)) read.add(name);
        return undefined;
      },
    });
    loadConfig(env);
    expect([...read].sort()).toEqual([...GATEWAY_ENV_VARS].sort());
    expect(GATEWAY_ENV_VARS).toContain('UPSTREAM_URL');
  });
});
