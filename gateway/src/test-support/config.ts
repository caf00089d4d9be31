import { loadConfig, type ResolvedConfig, withUpstream } from '../config.js';

/** A loopback configuration in front of `upstreamUrl`, with `env` on top of the defaults. */
export function testConfig(upstreamUrl: string, env: Record<string, string> = {}): ResolvedConfig {
  return withUpstream(
    loadConfig({ HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', ...env }),
    upstreamUrl,
  );
}
