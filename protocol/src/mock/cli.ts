#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { explainIssues } from '../schemas/explain.js';
import { mockOptionsSchema } from './config.js';
import { createMockUpstream } from './server.js';

const HELP = `pipstream-mock — a complete stand-in for the Pipstream trading backend

Usage: pipstream-mock [options]

  --port <n>            TCP port (default 9100; 0 picks a free one)   env MOCK_PORT
  --host <addr>         address to listen on (default 127.0.0.1)      env MOCK_HOST
  --data <dir>          data directory, or :memory: (default ./data)  env MOCK_DATA
  --seed <n>            market simulator seed                          env MOCK_SEED
  --tick-ms <n>         milliseconds between market ticks (default 500) env MOCK_TICK_MS
  --control-token <t>   token non-loopback callers need for /__control env MOCK_CONTROL_TOKEN
  --log                 log every request to stderr
  --help                this text

REST: /api/*, /v1/api/*   socket: /v1/ws   docs: /docs/openapi.json   control: /__control
`;

function main(): void {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      seed: { type: 'string' },
      'tick-ms': { type: 'string' },
      'control-token': { type: 'string' },
      log: { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const env = process.env;
  const number = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  const parsed = mockOptionsSchema.safeParse({
    port: number(values.port ?? env.MOCK_PORT),
    host: values.host ?? env.MOCK_HOST,
    data: values.data ?? env.MOCK_DATA,
    seed: number(values.seed ?? env.MOCK_SEED),
    tickMs: number(values['tick-ms'] ?? env.MOCK_TICK_MS),
    controlToken: values['control-token'] ?? env.MOCK_CONTROL_TOKEN,
    log: values.log ?? env.MOCK_LOG === '1',
  });
  if (!parsed.success) {
    process.stderr.write(`pipstream-mock: invalid option — ${explainIssues(parsed.error)}\n`);
    process.exit(2);
  }
  createMockUpstream(parsed.data).then(
    (mock) => {
      process.stdout.write(`pipstream-mock listening on ${mock.url} (data: ${parsed.data.data})\n`);
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
