import { createMockUpstream } from '@pipstream/protocol/mock';
import { withUpstream } from './config.js';
import { launch, loadConfigOrExit } from './launch.js';

function announce({ url, metricsUrl }: { url: string; metricsUrl: string }, behind: string) {
  process.stdout.write(
    `Pipstream is running: open ${url} — gateway in front of ${behind}; metrics at ${metricsUrl}\n`,
  );
}

/**
 * What `npm start` runs: the gateway on PORT (default 8080) serving the web build, in front of
 * UPSTREAM_URL when it is set, else of the embedded mock upstream started on a free loopback
 * port (its control API stays unreachable from other machines) with its data in MOCK_DATA
 * (default ./data). A signal closes the gateway, then the mock.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit('pipstream');
  if (config.upstreamUrl !== undefined) {
    const started = await launch(withUpstream(config, config.upstreamUrl, config.upstreamWsUrl));
    announce(started, `the upstream ${config.upstreamUrl}`);
    return;
  }

  const data = process.env.MOCK_DATA ?? './data';
  const mock = await createMockUpstream({ port: 0, host: '127.0.0.1', data });
  try {
    const started = await launch(withUpstream(config, mock.url, mock.wsUrl), {
      onClosed: () => mock.close(),
    });
    announce(started, `the embedded mock upstream at ${mock.url} (data: ${data})`);
  } catch (error) {
    await mock.close();
    throw error;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`pipstream: could not start — ${String(error)}\n`);
  process.exit(1);
});
