/** Reconnect delays: the first retry waits up to `baseMs`, each next one up to twice as long. */
export interface BackoffOptions {
  readonly baseMs: number;
  /** Ceiling of the doubling, so a long outage does not push retries minutes apart. */
  readonly maxMs: number;
}

/**
 * After the server closed a socket (this project's choice): a quarter second first, never more
 * than ten seconds apart, so a server that keeps closing sockets is not asked in a tight loop.
 */
export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 250, maxMs: 10_000 };

/**
 * After nothing answered — a socket that could not be opened, broke or went silent (this
 * project's choice): never more than a second apart, so that a path coming back is found within
 * a second. A dead path costs the server nothing, and a refused connection next to nothing.
 */
export const UNANSWERED_BACKOFF: BackoffOptions = { baseMs: 250, maxMs: 1000 };

/**
 * The delay before reconnect attempt `attempt` (0 for the first retry) with full jitter:
 * uniform in `[0, min(maxMs, baseMs · 2^attempt))`. Spreading retries over the whole window,
 * rather than around its edge, keeps thousands of clients that lost the same server from
 * coming back in one wave.
 *
 * @param random a source in [0, 1); injectable so tests can pin the delay.
 */
export function fullJitterDelay(
  attempt: number,
  backoff: BackoffOptions,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt));
  return Math.floor(random() * ceiling);
}

/** The widest window a retry the platform prompts is spread over (`promptedRetryDelay`). */
export const PROMPTED_RETRY_WINDOW_MS = 1000;

/**
 * The delay of a retry the platform prompts (the network is back): uniform over the first
 * retry's window, at most `PROMPTED_RETRY_WINDOW_MS`. Phones that regain their network together
 * (a cell tower back, a carrier's address restored) would otherwise all reconnect in the same
 * instant, and from one address.
 */
export function promptedRetryDelay(
  backoff: BackoffOptions,
  random: () => number = Math.random,
): number {
  return Math.floor(random() * Math.min(backoff.baseMs, PROMPTED_RETRY_WINDOW_MS));
}

/**
 * Waits before a login the gateway refused for its limits is tried again (this project's
 * choice): the gateway gives a socket one more login every 10 s, so the first retry waits at
 * least that, and a gateway full of accounts is asked at most once a minute.
 */
export const LOGIN_RETRY_BACKOFF: BackoffOptions = { baseMs: 10_000, maxMs: 60_000 };

/**
 * The delay before login retry `attempt` (0 for the first): uniform in `[w, 1.5·w)` with
 * `w = min(maxMs, baseMs · 2^attempt)`. Never shorter than `w`, unlike `fullJitterDelay`, so a
 * retry does not come back before the gateway can take it; the jitter spreads the sockets a
 * full gateway refused at once.
 */
export function loginRetryDelay(
  attempt: number,
  backoff: BackoffOptions,
  random: () => number = Math.random,
): number {
  const wait = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt));
  return Math.floor(wait * (1 + random() / 2));
}
