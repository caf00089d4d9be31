import { channel } from 'node:diagnostics_channel';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createRecoveryBus, type RecoveryBus } from './recovery.js';

const servers: Server[] = [];
const buses: RecoveryBus[] = [];

afterEach(async () => {
  for (const bus of buses.splice(0)) bus.close();
  await Promise.all(
    servers.splice(0).map((s) => new Promise((resolve) => s.close(() => resolve(undefined)))),
  );
});

/** An HTTP server answering every request with `status`; resolves with its origin. */
async function answering(status: number): Promise<string> {
  const server = createServer((_req, res) => res.writeHead(status).end());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function bus(origin?: string) {
  const created = createRecoveryBus(origin);
  buses.push(created);
  return created;
}

describe('createRecoveryBus', () => {
  it('tries every waiting reconnect at once when the upstream answers, each once', () => {
    const recovery = bus();
    const tried: string[] = [];
    recovery.waiting(() => tried.push('public'));
    const withdraw = recovery.waiting(() => tried.push('gone'));
    recovery.waiting(() => tried.push('private'));
    withdraw();
    recovery.answered();
    recovery.answered();
    expect(tried).toEqual(['public', 'private']);
  });

  it("counts a REST answer from the upstream's origin, not a 5xx nor another origin's", async () => {
    const upstream = await answering(200);
    const failing = await answering(503);
    const elsewhere = await answering(200);
    const recovery = bus(upstream);
    let tried = 0;
    recovery.waiting(() => tried++);

    await (await request(`${elsewhere}/v1/api/x`)).body.dump();
    await (await request(`${failing}/v1/api/x`)).body.dump();
    expect(tried).toBe(0);
    // The global fetch (Node's own undici) reports on the same channel.
    await (await fetch(`${upstream}/api/default/area_list`)).arrayBuffer();
    expect(tried).toBe(1);
  });

  it('watches REST answers only while a reconnect waits', () => {
    const answers = channel('undici:request:headers');
    const recovery = bus('http://127.0.0.1:9');
    expect(answers.hasSubscribers).toBe(false);
    const withdraw = recovery.waiting(() => {});
    expect(answers.hasSubscribers).toBe(true);
    withdraw();
    expect(answers.hasSubscribers).toBe(false);
  });
});
