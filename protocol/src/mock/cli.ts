#!/usr/bin/env node
import { parseMockArgs } from './cli-args.js';
import { createMockUpstream } from './server.js';

const HELP = `pipstream-mock — a complete stand-in for the Pipstream trading backend

Usage: pipstream-mock [options]

  --port <n>            TCP port (default 9100; 0 picks a free one)   env MOCK_PORT
  --host <addr>         address to listen on (default 127.0.0.1)      env MOCK_HOST
  --data <dir>          data directory, or :memory: (default ./data)  env MOCK_DATA
  --seed <n>            market simulator seed                          env MOCK_SEED
  --tick-ms <n>         milliseconds between market ticks (default 500) env MOCK_TICK_MS
  --control-token <t>   token non-loopback callers need for /__control env MOCK_CONTROL_TOKEN
  --log                 log every request to stderr                  env MOCK_LOG=1
  --help                this text

REST: /api/*, /v1/api/*   socket: /v1/ws   docs: /docs/openapi.json   control: /__control
`;

function main(): void {
  const command = parseMockArgs(process.argv.slice(2), process.env);
  if (command.kind === 'help') {
    process.stdout.write(HELP);
    return;
  }
  if (command.kind === 'invalid') {
    process.stderr.write(`pipstream-mock: invalid option — ${command.problem}\n`);
    process.exit(2);
  }
  const options = command.options;
  createMockUpstream(options).then(
    (mock) => {
      process.stdout.write(`pipstream-mock listening on ${mock.url} (data: ${options.data})\n`);
      const stop = () => {
        mock.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    },
    (error: unknown) => {
      process.stderr.write(`pipstream-mock: could not start — ${String(error)}\n`);
      process.exit(1);
    },
  );
}

main();
