/** Who may open a route (SPEC §2 and §6). */
export type RouteAccess = 'all' | 'login' | 'real';

export interface RouteInfo {
  readonly access: RouteAccess;
  /** The bottom tabs show on this route. */
  readonly footer?: boolean;
  /** Rendered hidden instead of unmounted once visited (`/` and `/trade`). */
  readonly keepAlive?: boolean;
}

/** Every route of SPEC §2, by path. */
export const ROUTES = {
  '/': { access: 'all', footer: true, keepAlive: true },
  '/trade': { access: 'all', footer: true, keepAlive: true },
  '/order': { access: 'login', footer: true },
  '/user': { access: 'login', footer: true },
  '/news': { access: 'all', footer: true },
  '/news/detail': { access: 'all' },
  '/rank': { access: 'all', footer: true },
  '/feedback': { access: 'all' },
  '/login': { access: 'all' },
  '/register': { access: 'all' },
  '/forgot': { access: 'all' },
  '/product': { access: 'all' },
  '/language': { access: 'all' },
  // The price alerts live on the device, so a visitor may keep them too.
  '/alerts': { access: 'all' },
  '/mine/auth': { access: 'real' },
  '/mine/invite': { access: 'real' },
  '/mine/email': { access: 'login' },
  '/mine/announcement': { access: 'login' },
  '/mine/password': { access: 'real' },
  '/mine/history': { access: 'login' },
  '/mine/charge': { access: 'real' },
  '/mine/withdraw': { access: 'real' },
  '/mine/chat': { access: 'login' },
  '/mine/system': { access: 'login' },
  '/mine/wallet': { access: 'real' },
  // SPEC §2 has these "logged in", but §6 keeps demo users out of the wallet they belong to
  // (their calls refuse a demo account): typed in, they get the demo notice, not an error.
  '/mine/bank-card-list': { access: 'real' },
  '/mine/coin-address-list': { access: 'real' },
  '/mine/withdraw-way': { access: 'real' },
} as const satisfies Record<string, RouteInfo>;

export type RoutePath = keyof typeof ROUTES;

/** Other names of a route: the user center is also seen as /mine (SPEC §2). */
export const ROUTE_ALIASES: Readonly<Record<string, RoutePath>> = { '/mine': '/user' };

/** The routes kept alive, in the order they are laid out. */
export const KEEP_ALIVE_PATHS = ['/', '/trade'] as const satisfies readonly RoutePath[];

/** SPEC §2: the routes whose every visit refreshes the trade list. */
export const TRADE_LIST_PATHS: ReadonlySet<string> = new Set(['/', '/trade']);

const byPath: ReadonlyMap<string, RouteInfo> = new Map(Object.entries(ROUTES));

/** The route at `path`, if the app has one. */
export function routeAt(path: string): RouteInfo | undefined {
  return byPath.get(path);
}
