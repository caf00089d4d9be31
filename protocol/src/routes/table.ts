import { accountRoutes } from './account.js';
import { contentRoutes } from './content.js';
import type { RouteDef } from './define.js';
import { fundingRoutes } from './funding.js';
import { marketRoutes } from './market.js';
import { siteRoutes } from './site.js';
import { tradingRoutes } from './trading.js';
import { walletRoutes } from './wallet.js';

/**
 * Every call (docs/product.md#calls), by name. The REST client, the mock upstream, the gateway's
 * proxy and the generated API documentation are all built from this one table.
 */
export const routes = {
  ...siteRoutes,
  ...accountRoutes,
  ...marketRoutes,
  ...tradingRoutes,
  ...walletRoutes,
  ...fundingRoutes,
  ...contentRoutes,
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

const byMethodAndPath = new Map<string, RouteName>(
  (Object.entries(routes) as [RouteName, RouteDef][]).map(([name, route]) => [
    `${route.method} ${route.path}`,
    name,
  ]),
);

/** The name of the call at `method path`, if the table has one. */
export function findRoute(method: string, path: string): RouteName | undefined {
  return byMethodAndPath.get(`${method.toUpperCase()} ${path}`);
}
