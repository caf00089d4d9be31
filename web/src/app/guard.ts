import { loginFrom } from '../nav/location.js';
import type { Viewer } from '../state/session.js';
import { ROUTE_ALIASES, routeAt } from './routes.js';

/**
 * What the router does with a navigation (docs/product.md#routes route guard, #validation demo
 * restriction).
 */
export type GuardDecision =
  | { readonly action: 'allow' }
  /** Replace the location with `to` (unknown path, alias, or login required). */
  | { readonly action: 'redirect'; readonly to: string }
  /** A demo user asked for a real-user route: say so and stay where they were. */
  | { readonly action: 'refuse-demo' };

/**
 * Decides a navigation to `path` (with query `search`) for `viewer`:
 * unknown paths go to `/`; aliases go to their route; a visitor opening a route that needs a
 * login goes to `/login?from=<path and query>`; a demo user opening a real-user route is
 * refused; everything else is allowed.
 */
export function guardRoute(path: string, search: string, viewer: Viewer): GuardDecision {
  const alias = ROUTE_ALIASES[path];
  if (alias) return { action: 'redirect', to: search ? `${alias}?${search}` : alias };
  const route = routeAt(path);
  if (!route) return { action: 'redirect', to: '/' };
  if (route.access === 'all') return { action: 'allow' };
  if (!viewer.loggedIn)
    return { action: 'redirect', to: loginFrom(search ? `${path}?${search}` : path) };
  if (route.access === 'real' && viewer.demo) return { action: 'refuse-demo' };
  return { action: 'allow' };
}
