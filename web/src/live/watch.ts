/**
 * What the main thread shows: every mounted reader (a `useQuote(id)`, a holding row, the
 * account card on a visible screen) holds its id, counted per id. The worker posts only what is
 * watched, so the cost of a tick follows what is on screen, not the instrument or order count.
 * Changes are told once per burst (all the effects of one commit, one scroll), and only when
 * the set differs from the last one told.
 */

export type WatchListener = (ids: readonly number[]) => void;

export interface Watch {
  /** Holds `id` until the returned release is called (once; later calls do nothing). */
  watch(id: number): () => void;
  /** The ids held now. */
  ids(): number[];
  /**
   * Registers the one listener (replacing any earlier one); it hears the set at the end of each
   * burst that changed it from the set held at registration (which the caller sends itself).
   */
  listen(listener: WatchListener | undefined): void;
}

/** A fresh registry; `defer` runs the end of a burst (default: a microtask). */
export function createWatch(defer: (callback: () => void) => void = queueMicrotask): Watch {
  const counts = new Map<number, number>();
  let listener: WatchListener | undefined;
  let scheduled = false;
  /** The set last told (or held at registration), sorted. */
  let told: number[] = [];

  function ids(): number[] {
    return [...counts.keys()].sort((a, b) => a - b);
  }

  function tell() {
    scheduled = false;
    if (!listener) return;
    const next = ids();
    if (told.length === next.length && told.every((id, i) => id === next[i])) return;
    told = next;
    listener(next);
  }

  function changed() {
    if (scheduled || !listener) return;
    scheduled = true;
    defer(tell);
  }

  return {
    watch(id) {
      counts.set(id, (counts.get(id) ?? 0) + 1);
      changed();
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        const count = (counts.get(id) ?? 1) - 1;
        if (count > 0) counts.set(id, count);
        else counts.delete(id);
        changed();
      };
    },
    ids,
    listen(next) {
      listener = next;
      told = ids();
    },
  };
}

/**
 * Holds `ids` in `watch` for `ms`, then lets go: their quotes are posted ahead of the rows that
 * will hold them, so those rows paint a quote as they mount instead of asking the worker then.
 */
export function holdAhead(
  watch: Watch,
  ids: Iterable<number>,
  ms: number,
  after: (ms: number, task: () => void) => void = (delay, task) => void setTimeout(task, delay),
): void {
  const releases = [...ids].map((id) => watch.watch(id));
  after(ms, () => {
    for (const release of releases) release();
  });
}

/** The app's quotes by instrument id: `useQuote` holds ids in it, the bridge tells the worker. */
export const quoteWatch = createWatch();

/** The app's holding registry, by order id: the holding hooks hold ids in it. */
export const holdingWatch = createWatch();

/** The account figures are one thing to watch: every reader holds this one key. */
const ACCOUNT_KEY = 0;

/** The app's account registry: watched while its one key is held (see `watchAccount`). */
export const accountWatch = createWatch();

/** Holds the account figures until the returned release is called. */
export function watchAccount(): () => void {
  return accountWatch.watch(ACCOUNT_KEY);
}
