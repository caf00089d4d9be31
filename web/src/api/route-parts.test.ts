import { firstScreenRoutes, routes } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_CALLS } from './index.js';
import { loadRoutes } from './route-parts.js';

describe('loadRoutes', () => {
  it('assembles the very route table, in its order, pausing after each group', async () => {
    let pauses = 0;
    const table = await loadRoutes(async () => {
      pauses += 1;
    });
    expect(Object.keys(table)).toEqual(Object.keys(routes));
    for (const [name, route] of Object.entries(routes)) {
      expect(table[name as keyof typeof table]).toBe(route);
    }
    expect(pauses).toBe(7);
  });
});

describe('FIRST_SCREEN_CALLS', () => {
  it("names exactly the protocol's first-screen routes", () => {
    expect([...FIRST_SCREEN_CALLS].sort()).toEqual(Object.keys(firstScreenRoutes).sort());
  });
});
