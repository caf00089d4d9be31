import { routes } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
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
