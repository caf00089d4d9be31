#!/usr/bin/env node
import { withUpstream } from './config.js';
import { launch, loadConfigOrExit } from './launch.js';

const COMMAND = 'pipstream-gateway';

/** `pipstream-gateway`: the gateway alone, in front of the upstream at UPSTREAM_URL. */
async function main(): Promise<void> {
  const config = loadConfigOrExit(COMMAND);
  if (config.upstreamUrl === undefined) {
    process.stderr.write(
      `${COMMAND}: UPSTREAM_URL is required, e.g. UPSTREAM_URL=https://api.example.com ` +
        '(`npm start` at the repository root runs the gateway with an embedded mock upstream).\n',
    );
    process.exit(2);
  }
  const resolved = withUpstream(config, config.upstreamUrl, config.upstreamWsUrl);
  const { url, metricsUrl } = await launch(resolved);
  process.stdout.write(
    `${COMMAND} listening on ${url} → upstream ${resolved.upstreamUrl} (socket ${resolved.upstreamWsUrl}); metrics at ${metricsUrl}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${COMMAND}: could not start — ${String(error)}\n`);
  process.exit(1);
});
