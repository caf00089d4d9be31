import type { RealtimeHub } from '../server.js';

/**
 * A hub that serves no socket, for tests of the HTTP side: readiness is whatever the test sets,
 * and shutdowns are counted.
 */
export function standInHub(ready = true) {
  const state = { ready, shutdowns: [] as { code?: number; reason?: string }[] };
  const hub: RealtimeHub = {
    plugin: async () => undefined,
    ready: () => state.ready,
    shutdown: async (code, reason) => {
      state.shutdowns.push({ code, reason });
    },
    stats: () => ({ browsers: 0, upstream: { public: state.ready, private: 0 }, topics: [] }),
  };
  return { hub, state };
}
