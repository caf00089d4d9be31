import {
  type CallInfo,
  createRestClient,
  type FetchLike,
  type RestClient,
  type Routes,
  routes,
} from '@pipstream/protocol';
import { reactionsTo } from './reactions.js';

/** What the API layer needs from the rest of the app; tests pass recorders. */
export interface ApiHooks {
  /** Shows a toast. */
  toast(text: string, tone: 'success' | 'error'): void;
  /** Translates one of the app's own texts. */
  translate(key: string, params?: Readonly<Record<string, string>>): string;
  /** A call that shows loading started / ended (balanced: one end per start). */
  beginLoading(): void;
  endLoading(): void;
  /** Code 999 on a call that is not initial: clear the user and go to /login. */
  sessionGone(): void;
  /** Where the console lines of SPEC §8 go; default `console.warn`. */
  warn?(message: string): void;
}

export interface ApiOptions {
  /** The API host; the app calls its own origin (the gateway or the dev proxy forwards). */
  readonly baseUrl: string;
  readonly getToken: () => string | null | undefined;
  readonly getLang: () => string;
  readonly hooks: ApiHooks;
  readonly fetch?: FetchLike;
}

/** The app's REST client: every call of the protocol's route table. */
export type Api = RestClient<Routes>;

/**
 * The protocol's REST client with the UI behaviour of SPEC §8 around every call: toasts,
 * the 999 logout, and one loading indicator counted over the calls that show it.
 */
export function createApi(options: ApiOptions): Api {
  const { hooks } = options;
  const warn = hooks.warn ?? ((message: string) => console.warn(message));
  const showsLoading = (info: CallInfo) => info.route.showsLoading === true;

  return createRestClient(routes, {
    baseUrl: options.baseUrl,
    getToken: options.getToken,
    getLang: options.getLang,
    fetch: options.fetch,
    onStart: (info) => {
      if (showsLoading(info)) hooks.beginLoading();
    },
    onEnd: (end) => {
      if (showsLoading(end)) hooks.endLoading();
      for (const reaction of reactionsTo(end)) {
        switch (reaction.kind) {
          case 'toast':
            hooks.toast(reaction.text, reaction.tone);
            break;
          case 'toast-text':
            hooks.toast(hooks.translate(reaction.key, reaction.params), 'error');
            break;
          case 'session-gone':
            hooks.sessionGone();
            break;
          case 'log':
            warn(reaction.message);
            break;
        }
      }
    },
  });
}
