import { describe, expect, it } from 'vitest';
import { firstScreenRoutes } from './first-screen.js';
import { routes } from './table.js';

describe('firstScreenRoutes', () => {
  it('holds the very definitions of the route table, under the same names', () => {
    for (const [name, route] of Object.entries(firstScreenRoutes)) {
      expect(routes[name as keyof typeof routes]).toBe(route);
    }
  });

  it('holds the startup check and the quote screens reads, all public', () => {
    expect(Object.keys(firstScreenRoutes).sort()).toEqual([
      'categories',
      'companyStatus',
      'tradeList',
    ]);
    for (const route of Object.values(firstScreenRoutes)) expect(route.access).toBe('public');
  });
});
