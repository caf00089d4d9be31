import { i18n } from '../i18n/index.js';
import { liveWorker } from '../live/bridge.js';
import { live } from '../live/store.js';
import { currentTarget, loginFrom, navigate, pathOf } from '../nav/location.js';
import type { Api } from './client.js';
import { answeringEarly, type CallOf, createEarlyReads, type EarlyHeaders } from './early.js';
import type { ApiHooks, ApiOptions } from './routed.js';

/**
 * What the REST client needs of the app above it: who calls, how a call shows, what a 999 ends.
 * The client sits below the app's state, so boot gives it these at start-up
 * (`provideApiContext`) instead of it importing them.
 */
export interface ApiContext extends Pick<ApiHooks, 'toast' | 'beginLoading' | 'endLoading'> {
  /** The token and the language every call carries. */
  readonly user: () => EarlyHeaders;
  /** Whether the browser says it is offline: the first screen's reads then wait. */
  readonly browserOffline: () => boolean;
  /** A request got an answer (`true`) or none (`false`). */
  readonly answered: (answered: boolean) => void;
  /** Forgets the session a 999 ended (the client then sends the user to /login). */
  readonly signOut: () => void;
}

let context: ApiContext | undefined;

/** Gives the client what it needs of the app; boot calls it first. */
export function provideApiContext(given: ApiContext): void {
  context = given;
}

function contextOf(): ApiContext {
  if (context === undefined)
    throw new Error('the REST client was used before boot gave it its context');
  return context;
}

/**
 * Where a session that ended (999) sends the user from `here` (`/path?query`): /login, back to
 * `here` afterwards (this project's choice; docs/product.md#states says only "goes to /login").
 * Already on /login, the user stays where they are: several calls answered 999 at once must not
 * wipe the `from` the first one set.
 */
export function loginAfterSessionEnd(here: string): string {
  return pathOf(here) === '/login' ? here : loginFrom(here);
}

const early = createEarlyReads();

/**
 * Sends the first screen's reads now, from the entry chunk, before any client has loaded: the
 * network and the gateway answer while the page evaluates. The startup check always; the trade
 * list and the categories when the page opens on a screen that waits for them. None while the
 * browser says it is offline: they could only fail, and are made once the network is back.
 */
export function sendFirstScreenReads(opensOnQuotes: boolean, carried?: CarriedLists): void {
  const who = currentUser();
  // What the page carried, in the language the app opens in, is the answer: not asked again.
  const kept = carried?.language === who.lang ? carried : undefined;
  if (kept) {
    early.keep('tradeList', who, kept.instruments);
    early.keep('categories', who, kept.categories);
  }
  if (contextOf().browserOffline()) return;
  early.send('companyStatus', location.origin, who);
  if (!opensOnQuotes || kept) return;
  early.send('tradeList', location.origin, who);
  early.send('categories', location.origin, who);
}

/** The trade list and categories the page carried (app/first-screen-handover.ts reads them). */
export interface CarriedLists {
  readonly language: string;
  readonly instruments: unknown;
  readonly categories: unknown;
}

const currentUser = (): EarlyHeaders => contextOf().user();

/** The client's options: its hooks give every call the UI behaviour of docs/product.md#errors. */
function clientOptions(): ApiOptions {
  const { user, toast, beginLoading, endLoading, answered, signOut } = contextOf();
  return {
    baseUrl: location.origin,
    getToken: () => user().token,
    getLang: () => user().lang,
    hooks: {
      toast,
      translate: (key, params) => i18n.t(key, params ?? {}),
      beginLoading,
      endLoading,
      // The browser's offline word makes it 'offline' at once (worker/connection.ts).
      connectionLost: () => live.connection.state !== 'live',
      answered,
      sessionGone: () => {
        signOut();
        navigate(loginAfterSessionEnd(currentTarget()), { replace: true });
      },
    },
  };
}

let client: Promise<CallOf> | undefined;

/**
 * The client, loaded on first use in a chunk of its own: the shell paints without building
 * zod and the routes' schemas, which is most of its start-up cost on a low-end phone; the
 * first screen's reads are answered early (above), so it loads after the first screen.
 */
function loadClient(): Promise<CallOf> {
  client ??= import('./client.js')
    .then(({ createApi }) => createApi(clientOptions()))
    .then((loaded) => loaded.call as CallOf);
  return client;
}

const viaClient: CallOf = (name, ...args) => loadClient().then((call) => call(name, ...args));

/**
 * The app's one REST client (docs/product.md#calls and #errors). The first screen's reads are
 * answered by their early reads, checked by the live worker: neither zod nor the schemas are built
 * on the main thread before the first quotes.
 */
export const api: Pick<Api, 'call'> = {
  call: answeringEarly({
    reads: early,
    who: currentUser,
    check: (name, answer) => liveWorker().readFirstAnswer(name, answer),
    call: viaClient,
  }) as Api['call'],
};

export type { Api };
