import { describe, expect, it } from 'vitest';
import type { Viewer } from '../state/session.js';
import { guardRoute, safeFrom } from './guard.js';
import { ROUTES } from './routes.js';

const visitor: Viewer = { loggedIn: false, demo: false };
const real: Viewer = { loggedIn: true, demo: false };
const demo: Viewer = { loggedIn: true, demo: true };

const paths = Object.keys(ROUTES);
const byAccess = (access: string) =>
  paths.filter((path) => ROUTES[path as keyof typeof ROUTES].access === access);

describe('route guard (SPEC §2, §5, §6)', () => {
  it('registers every route of SPEC §2, the wallet and its screens for real users only', () => {
    expect(paths).toHaveLength(28);
    expect(byAccess('real').sort()).toEqual(
      [
        '/mine/auth',
        '/mine/charge',
        '/mine/invite',
        '/mine/password',
        '/mine/wallet',
        '/mine/withdraw',
        // The wallet's own screens: demo users are kept out of the wallet (SPEC §6).
        '/mine/bank-card-list',
        '/mine/coin-address-list',
        '/mine/withdraw-way',
      ].sort(),
    );
  });

  it('lets everyone open the public routes', () => {
    for (const path of byAccess('all')) {
      for (const viewer of [visitor, real, demo]) {
        expect(guardRoute(path, '', viewer)).toEqual({ action: 'allow' });
      }
    }
  });

  it('sends a visitor to /login with the wanted path, query included', () => {
    for (const path of [...byAccess('login'), ...byAccess('real')]) {
      expect(guardRoute(path, '', visitor)).toEqual({
        action: 'redirect',
        to: `/login?from=${encodeURIComponent(path)}`,
      });
    }
    expect(guardRoute('/order', 'type=1', visitor)).toEqual({
      action: 'redirect',
      to: '/login?from=%2Forder%3Ftype%3D1',
    });
  });

  it('refuses real-user routes to a demo user and allows the rest', () => {
    for (const path of byAccess('real')) {
      expect(guardRoute(path, '', demo)).toEqual({ action: 'refuse-demo' });
      expect(guardRoute(path, '', real)).toEqual({ action: 'allow' });
    }
    for (const path of byAccess('login')) {
      expect(guardRoute(path, '', demo)).toEqual({ action: 'allow' });
    }
  });

  it('redirects unknown paths to / and /mine to /user', () => {
    expect(guardRoute('/nowhere', '', real)).toEqual({ action: 'redirect', to: '/' });
    expect(guardRoute('/mine/unknown', 'x=1', visitor)).toEqual({ action: 'redirect', to: '/' });
    expect(guardRoute('/mine', '', real)).toEqual({ action: 'redirect', to: '/user' });
  });
});

describe('safeFrom', () => {
  it('keeps an in-app path with its query', () => {
    expect(safeFrom('from=%2Forder%3Ftype%3D1')).toBe('/order?type=1');
    expect(safeFrom('from=/trade')).toBe('/trade');
  });

  it('drops anything that could leave the app', () => {
    expect(safeFrom('')).toBeUndefined();
    expect(safeFrom('from=https://evil.test')).toBeUndefined();
    expect(safeFrom('from=//evil.test/x')).toBeUndefined();
    expect(safeFrom('from=order')).toBeUndefined();
  });
});
