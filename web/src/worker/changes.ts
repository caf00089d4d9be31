/**
 * What the live model touched since it last handed out a batch: the quote and holding ids to
 * read again, and a flag for each of the other figures. Every part of the model marks it;
 * `model.ts` alone reads and clears it.
 */
export interface ChangeSet {
  readonly quotes: Set<number>;
  readonly holdings: Set<number>;
  account: boolean;
  estimate: boolean;
  connection: boolean;
  candle: boolean;
  risk: boolean;
  /** The main thread should re-fetch the orders and the balance. */
  resync: boolean;
  /** Order ids closed since, passed on as they came. */
  closed: number[];
}

export function createChangeSet(): ChangeSet {
  return {
    quotes: new Set(),
    holdings: new Set(),
    account: false,
    estimate: false,
    connection: false,
    candle: false,
    risk: false,
    resync: false,
    closed: [],
  };
}

/** Starts a new change set in place. */
export function clearChangeSet(changes: ChangeSet): void {
  changes.quotes.clear();
  changes.holdings.clear();
  changes.account = changes.estimate = changes.connection = changes.candle = false;
  changes.resync = changes.risk = false;
  changes.closed = [];
}
