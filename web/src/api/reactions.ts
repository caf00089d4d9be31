import {
  ApiError,
  ApiInputError,
  ApiProtocolError,
  type CallEnd,
  ClientError,
  CODE,
  NetworkError,
  type RouteDef,
} from '@pipstream/protocol';

/** What the UI does about one ended call (docs/product.md#errors). */
export type Reaction =
  /** A message from the server, shown as it came (it is already in the user's language). */
  | { readonly kind: 'toast'; readonly tone: 'success' | 'error'; readonly text: string }
  /** One of the app's own texts, by locale key. */
  | {
      readonly kind: 'toast-text';
      readonly key: string;
      readonly params?: Readonly<Record<string, string>>;
      /** An error unless told: `info` says something expected, without alarm. */
      readonly tone?: 'info';
    }
  /** The session is gone: clear the user and go to /login. */
  | { readonly kind: 'session-gone' }
  /** Only worth a line in the console. */
  | { readonly kind: 'log'; readonly message: string };

/**
 * Calls whose "not found" means "this instrument does not exist": docs/product.md#errors says a
 * trade pair not found is only logged (a stale link or a delisted product), never toasted.
 */
const QUIET_NOT_FOUND: ReadonlySet<string> = new Set(['kline', 'abbreviatedKline']);

/**
 * Calls whose success the screen that made them tells in its own words, with more than the
 * server's message says: an order placed names its side, lots, instrument and fill price
 * (docs/product.md#trusting-live-figures).
 */
const TOLD_BY_SCREEN: ReadonlySet<string> = new Set(['submit']);

/**
 * docs/product.md#errors as a pure function of how a call ended:
 * - success: the server's message is toasted for calls that show it (`toastOnSuccess`), unless
 *   the screen tells it itself;
 * - a code other than 1: its message is toasted unless the call says `noErrorToast`; 999 also
 *   ends the session, unless the call is `initial`; a requote is left to the screen, which asks
 *   again;
 * - a call made `quiet` toasts nothing: its caller tells the trader in its own words;
 * - no answer (network, timeout, an unreadable answer): the error code is toasted, except for
 *   cancelled calls and calls that say `noErrorToast` (the manifest among them).
 * Input the protocol refused before sending is a bug of the screen, not the user's: it gets a
 * generic text and the details go to the console. While the connection is not live (the
 * header says why), a call that got no answer raises no alarm: the one the trader waits for
 * says "Offline" calmly, a read says nothing, as its screen shows it could not load and tries
 * again by itself (docs/product.md#connection-state).
 */
export function reactionsTo(
  end: CallEnd,
  { connectionLost = false }: { connectionLost?: boolean } = {},
): Reaction[] {
  const reactions = reactionsOf(end, connectionLost);
  // A quiet call's caller tells the trader itself: no toast, whichever way it went.
  return end.quiet
    ? reactions.filter((reaction) => reaction.kind !== 'toast' && reaction.kind !== 'toast-text')
    : reactions;
}

function reactionsOf(end: CallEnd, connectionLost: boolean): Reaction[] {
  const { route, name } = end;
  if (end.ok) {
    return route.toastOnSuccess && end.msg && !TOLD_BY_SCREEN.has(name)
      ? [{ kind: 'toast', tone: 'success', text: end.msg }]
      : [];
  }
  const { error } = end;
  if (!(error instanceof ClientError)) {
    return [{ kind: 'log', message: `${name}: ${String(error)}` }];
  }
  if (error.cancelled) return [];

  const reactions: Reaction[] = [];
  const toast = (reaction: Reaction) => {
    if (!route.noErrorToast) reactions.push(reaction);
  };
  if (error instanceof ApiError) {
    if (error.code === CODE.NOT_FOUND && QUIET_NOT_FOUND.has(name)) {
      return [{ kind: 'log', message: `${name}: ${error.msg}` }];
    }
    // A requote is no failure: the screen asks again, naming the price it gives.
    if (error.code === CODE.REQUOTE) return [];
    toast(
      error.msg
        ? { kind: 'toast', tone: 'error', text: error.msg }
        : { kind: 'toast-text', key: 'web.errors.failed', params: { code: String(error.code) } },
    );
    if (error.sessionGone && !route.initial) reactions.push({ kind: 'session-gone' });
    return reactions;
  }
  if (error instanceof ApiInputError) {
    reactions.push({ kind: 'log', message: `${name}: input refused: ${error.msg}` });
    toast({ kind: 'toast-text', key: 'web.errors.invalid_input' });
    return reactions;
  }
  // NetworkError or ApiProtocolError: no usable answer; show its code.
  reactions.push({ kind: 'log', message: `${name}: ${String(error.code)} ${error.msg}` });
  if (!connectionLost) {
    toast({ kind: 'toast-text', key: 'web.errors.network', params: { code: String(error.code) } });
  } else if (awaited(route)) {
    toast({ kind: 'toast-text', key: 'web.connection.offline', tone: 'info' });
  }
  return reactions;
}

/** A call the trader waits on (an action, or a read behind a loading indicator), not a read. */
function awaited(route: RouteDef): boolean {
  return route.method !== 'GET' || route.showsLoading === true || route.toastOnSuccess === true;
}

/**
 * Whether a call that ended heard from the API: an answer of its own (`true`), none — no
 * response, or one that is not the API's, as a captive portal's page (`false`) — or nothing to
 * tell (`undefined`: cancelled, or refused before it was sent).
 */
export function answerHeard(end: CallEnd): boolean | undefined {
  if (end.ok || end.error instanceof ApiError) return true;
  if (end.error instanceof NetworkError) return end.error.cancelled ? undefined : false;
  if (end.error instanceof ApiProtocolError) return false;
  return undefined;
}
