import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTROL_PREFIX, createControlDispatcher, defineControl } from './control.js';

/**
 * The control API trusts loopback callers or the configured token. Tests only ever connect over
 * loopback, so the server below pretends the peer is remote by rewriting what the dispatcher
 * reads of the socket, when the test asks for it with the `x-test-remote` header.
 */
let server: Server;
let base: string;
let moved = 0;

beforeAll(async () => {
  const control = createControlDispatcher(
    [
      defineControl({
        method: 'POST',
        path: '/move',
        summary: 'moves the world by n',
        input: z.object({ n: z.number().int() }),
        run: ({ n }) => {
          moved += n;
          return { moved };
        },
      }),
    ],
    'secret-token-123',
  );
  server = createServer((req, res) => {
    if (req.headers['x-test-remote']) asRemote(req);
    void control(req, res, new URL(req.url ?? '/', 'http://x'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${CONTROL_PREFIX}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function asRemote(req: IncomingMessage) {
  Object.defineProperty(req, 'socket', { value: { remoteAddress: '203.0.113.7' } });
}

async function post(body: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/move`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string } };
}

describe('control API', () => {
  it('runs an action for a loopback caller', async () => {
    const { body } = await post('{"n":2}');
    expect(body).toMatchObject({ code: 1, data: { moved: 2 } });
  });

  it('refuses a remote caller without the token, and accepts it with the token', async () => {
    const refused = await post('{"n":5}', { 'x-test-remote': '1' });
    expect(refused.status).toBe(403);
    const wrong = await post('{"n":5}', { 'x-test-remote': '1', 'x-control-token': 'nope' });
    expect(wrong.status).toBe(403);
    const before = moved;
    const accepted = await post('{"n":5}', {
      'x-test-remote': '1',
      'x-control-token': 'secret-token-123',
    });
    expect(accepted.body.code).toBe(1);
    expect(moved).toBe(before + 5);
  });

  it('names the bad field, refuses malformed JSON and unknown actions', async () => {
    const bad = await post('{"n":"x"}');
    expect(bad.body.msg).toMatch(/^n: /);
    const malformed = await post('{"n":');
    expect(malformed.status).toBe(400);
    const unknown = await fetch(`${base}/nothing`, { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(404);
  });
});
