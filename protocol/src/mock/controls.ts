import { z } from 'zod';
import type { MockDeps } from './deps.js';
import type { Faults } from './faults.js';
import { type ControlAction, defineControl } from './http/control.js';
import type { SocketHub } from './socket/hub.js';

/**
 * Control actions that belong to the mock as a whole rather than to one service: faults, the
 * clock, and counting or dropping every socket.
 */
export function createControls({
  deps,
  faults,
  hub,
}: {
  deps: MockDeps;
  faults: Faults;
  hub: SocketHub;
}): ControlAction[] {
  return [
    defineControl({
      method: 'POST',
      path: '/faults',
      summary:
        'Injects faults: latencyMs on every REST call, `code` answered by the next `count` calls, silentPings (the socket stops answering ping). Omitted fields keep their value.',
      input: z.object({
        latencyMs: z.number().int().min(0).max(60_000).optional(),
        code: z.number().int().optional(),
        count: z.number().int().min(0).max(10_000).default(1),
        silentPings: z.boolean().optional(),
      }),
      run(input) {
        if (input.latencyMs !== undefined) faults.latencyMs = input.latencyMs;
        if (input.code !== undefined) faults.forceCode(input.code, input.count);
        if (input.silentPings !== undefined) faults.silentPings = input.silentPings;
        return faults.snapshot();
      },
    }),
    defineControl({
      method: 'POST',
      path: '/faults/clear',
      summary: 'Removes every injected fault.',
      input: z.object({}),
      run() {
        faults.clear();
        return faults.snapshot();
      },
    }),
    defineControl({
      method: 'GET',
      path: '/faults',
      summary: 'The faults in force.',
      input: z.object({}),
      run: () => faults.snapshot(),
    }),
    defineControl({
      method: 'GET',
      path: '/sockets',
      summary:
        'How many realtime sockets are open now (a gateway holds one shared public connection plus one per logged-in token).',
      input: z.object({}),
      run: () => ({ open: hub.size }),
    }),
    defineControl({
      method: 'POST',
      path: '/sockets/drop',
      summary:
        'Drops every realtime socket at once, as an upstream restart would, and answers new ones 503 for refuseMs (default 0: they may reconnect at once).',
      input: z.object({
        refuseMs: z.number().int().min(0).max(60_000).default(0),
      }),
      run({ refuseMs }) {
        const dropped = hub.size;
        hub.dropAll(refuseMs);
        return { dropped, refusingMs: refuseMs };
      },
    }),
    defineControl({
      method: 'POST',
      path: '/clock/advance',
      summary: "Moves the mock's clock forward (token expiry, code cooldowns, candle periods).",
      input: z.object({
        ms: z
          .number()
          .int()
          .min(0)
          .max(365 * 24 * 3600 * 1000),
      }),
      run({ ms }) {
        deps.clock.advance(ms);
        return { now: deps.clock.now() };
      },
    }),
  ];
}
