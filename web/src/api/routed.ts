/**
 * The app's REST behaviour over a table of the protocol's routes (client.ts makes the app's client
 * with it): toasts, the 999 logout and the loading indicator of docs/product.md#errors around each
 * call.
 */
import '../schema-policy.js';
import {
  type CallInfo,
  createRestClient,
  type FetchLike,
  type RestClient,
  type RouteTable,
} from '@pipstream/protocol';
import { answerHeard, reactionsTo } from './reactions.js';

/** What the API layer needs from the rest of the app; tests pass recorders. */
export interface ApiHooks {
  /** Shows a toast. */
  toast(text: string, tone: 'info' | 'success' | 'error'): void;
  /** Translates one of the app's own texts. */
  translate(key: string, params?: Readonly<Record<string, string>>): string;
  /** A call that shows loading started / ended (balanced: one end per start). */
  beginLoading(): void;
  endLoading(): void;
  /** Code 999 on a call that is not initial: clear the user and go to /login. */
  sessionGone(): void;
  /**
   * Whether the connection is not live now (docs/product.md#connection-state): a call with no
   * answer then raises no alarm.
   */
  connectionLost?(): boolean;
  /** A call heard from the API (`true`) or got no answer of its (`false`). */
  answered?(answered: boolean): void;
  /** Where the console lines of docs/product.md#errors go; default `console.warn`. */
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

/**
 * The protocol's REST client over `table` with the UI behaviour of docs/product.md#errors around
 * every call: toasts, the 999 logout, and one loading indicator counted over the calls that show
 * it.
 */
export function createRoutedApi<Table extends RouteTable>(
  table: Table,
  options: ApiOptions,
): RestClient<Table> {
  const { hooks } = options;
  const warn = hooks.warn ?? ((message: string) => console.warn(message));
  const showsLoading = (info: CallInfo) => info.route.showsLoading === true;

  return createRestClient(table, {
    baseUrl: options.baseUrl,
    getToken: options.getToken,
    getLang: options.getLang,
    fetch: options.fetch,
    onStart: (info) => {
      if (showsLoading(info)) hooks.beginLoading();
    },
    onEnd: (end) => {
      if (showsLoading(end)) hooks.endLoading();
      const heard = answerHeard(end);
      if (heard !== undefined) hooks.answered?.(heard);
      const connectionLost = hooks.connectionLost?.() ?? false;
      for (const reaction of reactionsTo(end, { connectionLost })) {
        switch (reaction.kind) {
          case 'toast':
            hooks.toast(reaction.text, reaction.tone);
            break;
          case 'toast-text':
            hooks.toast(hooks.translate(reaction.key, reaction.params), reaction.tone ?? 'error');
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
