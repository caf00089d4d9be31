import { loginFrom } from '../app/guard.js';
import { currentTarget, navigate, splitHash } from '../app/location.js';
import { i18n } from '../i18n/index.js';
import { session, signOut } from '../state/session.js';
import { settings } from '../state/settings.js';
import { beginLoading, endLoading, showToast } from '../state/ui.js';
import type { Api } from './client.js';
import { createEarlyReads, FIRST_SCREEN_READS } from './early.js';

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

let client: Promise<Api> | undefined;

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
 * The client and the protocol's schemas (zod and every route) load on the first call, in
 * their own chunk: the shell paints without parsing them, which is most of its start-up cost
 * on a low-end phone. The startup check makes that first call at once.
 */
function loadClient(): Promise<Api> {
  client ??= import('./client.js').then(({ createApi }) =>
    createApi({
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
    }),
  );
  return client;
}

type CallOf = (name: string, ...args: unknown[]) => Promise<unknown>;

/** The app's one REST client (SPEC §7 and §8). */
export const api: Pick<Api, 'call'> = {
  call: ((name, ...args) =>
    loadClient().then((loaded) => (loaded.call as CallOf)(name, ...args))) as CallOf as Api['call'],
};

export type { Api };
