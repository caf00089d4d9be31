import type { FirstScreenRoutes } from '@pipstream/protocol';
import { loginFrom } from '../app/guard.js';
import { currentTarget, navigate, splitHash } from '../app/location.js';
import { i18n } from '../i18n/index.js';
import { session, signOut } from '../state/session.js';
import { settings } from '../state/settings.js';
import { beginLoading, endLoading, showToast } from '../state/ui.js';
import type { Api } from './client.js';
import { createEarlyReads, FIRST_SCREEN_READS } from './early.js';
import type { ApiOptions } from './routed.js';

/**
 * Where a session that ended (999) sends the user from `here` (`/path?query`): /login, back to
 * `here` afterwards (this project's choice; SPEC §4 says only "goes to /login"). Already on
 * /login, the user stays where they are: several calls answered 999 at once must not wipe the
 * `from` the first one set.
 */
export function loginAfterSessionEnd(here: string): string {
  const { path } = splitHash(here);
  return path === '/login' ? here : loginFrom(here);
}

const early = createEarlyReads();

/**
 * Sends the first screen's reads now, from the entry chunk, before the client and its schemas
 * have loaded: the network and the gateway answer while the page evaluates them. The client's
 * first call of each takes the answer in flight (checked as any other); none is sent twice.
 */
export function sendFirstScreenReads(): void {
  const headers = { lang: settings.language, token: session.token };
  for (const path of Object.values(FIRST_SCREEN_READS)) early.send(location.origin, path, headers);
}

/**
 * The calls the first screen's small client carries (api/first-client.ts): the protocol's
 * `firstScreenRoutes`, by name (a test holds them equal; naming them here keeps the protocol
 * out of the entry chunk).
 */
export const FIRST_SCREEN_CALLS: ReadonlySet<string> = new Set([
  'companyStatus',
  'tradeList',
  'categories',
] satisfies (keyof FirstScreenRoutes)[]);

/** Both clients' options: the same hooks, so a call behaves the same whichever carries it. */
function clientOptions(): ApiOptions {
  return {
    baseUrl: location.origin,
    getToken: () => session.token,
    getLang: () => settings.language,
    fetch: (url, init) => early.take(url, init) ?? globalThis.fetch(url, init),
    hooks: {
      toast: showToast,
      translate: (key, params) => i18n.t(key, params),
      beginLoading,
      endLoading,
      sessionGone: () => {
        signOut();
        navigate(loginAfterSessionEnd(currentTarget()), { replace: true });
      },
    },
  };
}

type CallOf = (name: string, ...args: unknown[]) => Promise<unknown>;

let firstScreenClient: Promise<CallOf> | undefined;
let client: Promise<CallOf> | undefined;

/**
 * The client that carries `name`, loaded on first use in a chunk of its own: the shell paints
 * without parsing zod and the routes, which is most of its start-up cost on a low-end phone.
 * The first screen's calls have a small client whose chunk builds only their schemas; every
 * other call loads the full client and every schema (after the first screen, as a rule).
 */
function clientFor(name: string): Promise<CallOf> {
  if (FIRST_SCREEN_CALLS.has(name)) {
    firstScreenClient ??= import('./first-client.js').then(
      ({ createFirstScreenApi }) => createFirstScreenApi(clientOptions()).call as CallOf,
    );
    return firstScreenClient;
  }
  client ??= import('./client.js')
    .then(({ loadApi }) => loadApi(clientOptions()))
    .then((loaded) => loaded.call as CallOf);
  return client;
}

/** The app's one REST client (SPEC §7 and §8). */
export const api: Pick<Api, 'call'> = {
  call: ((name, ...args) =>
    clientFor(name).then((call) => call(name, ...args))) as CallOf as Api['call'],
};

export type { Api };
