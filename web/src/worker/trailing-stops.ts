/**
 * The trailing stops of the logged-in account, evaluated in the live worker whenever a price,
 * a holding or a reply changes (docs/product.md#trailing-stop). The rule is the protocol's
 * `trailedStopLoss`; this module decides when a move is asked for:
 *
 * - at most one move per holding is on its way: the next waits for its reply, and is then
 *   judged at the latest price, so a reply that comes after newer prices loses none of them;
 * - never on a delayed price, never for a holding the worker no longer holds (closed: it stops);
 * - a move refused or unanswered waits `RETRY_MS`, doubling to `RETRY_MAX_MS`, before the next:
 *   the trail keeps going without a request per tick;
 * - the level a move saved stays the floor of the next one, so a read of the orders that left
 *   before the move was saved never makes it ask for the same level again.
 *
 * The main thread sends each move (`set_stop_price`, REST stays there) and reports how it went.
 */
import {
  type ArmedTrailingStop,
  armedTrailingStopsSchema,
  isBuy,
  type TradeSide,
  trailedStopLoss,
} from '@pipstream/protocol';

/** What a trailing stop reads of its holding now. */
export interface TrailedHolding {
  readonly side: TradeSide;
  readonly openPrice: number;
  /** The price the holding would close at now. */
  readonly price: number;
  /** 0 when there is none. */
  readonly stopLoss: number;
  /** 0 when there is none; sent again with each move, as `set_stop_price` sets both. */
  readonly takeProfit: number;
  readonly pricePrecision: number;
  /** Its quote may be stale: nothing moves on it. */
  readonly delayed: boolean;
}

/** A stop loss the worker asks the main thread to set. */
export interface TrailMove {
  /** This move's own number, for its reply. */
  readonly id: number;
  readonly orderId: number;
  readonly stopLoss: number;
  readonly takeProfit: number;
}

/** How a move ended: saved, refused by the server, or no answer came. */
export type TrailOutcome = 'moved' | 'refused' | 'failed';

/** A first retry waits this long after a move that did not go through (this project's choice). */
export const RETRY_MS = 5_000;
/** Retries wait at most this long. */
export const RETRY_MAX_MS = 60_000;

interface Trail {
  readonly armed: ArmedTrailingStop;
  /** The level this trail saved last, since it was set. */
  floor: number;
  /** The move on its way, if any. */
  sent: TrailMove | undefined;
  /** Moves in a row that did not go through. */
  failures: number;
  /** No move is asked for before this time (ms since the epoch). */
  retryAt: number;
}

export interface TrailingStopsOptions {
  /** The holding `orderId` now, or `undefined` once it is not held. */
  readonly holdingOf: (orderId: number) => TrailedHolding | undefined;
  readonly now?: () => number;
}

/** Of two stop levels (0: none), the one further in the holding's favour. */
function favoured(side: TradeSide, a: number, b: number): number {
  if (!(a > 0)) return b;
  if (!(b > 0)) return a;
  return isBuy(side) ? Math.max(a, b) : Math.min(a, b);
}

export function createTrailingStops({ holdingOf, now = Date.now }: TrailingStopsOptions) {
  let trails = new Map<number, Trail>();
  let lastMoveId = 0;

  return {
    /**
     * Replaces the trailing stops. The list is checked against its shape (it crosses from the
     * main thread): a bad one throws and the stops set before stay. A move on its way stays
     * the one on its way; a stop set anew (another `setAt`) starts from the holding's level.
     */
    setStops(list: unknown): void {
      const parsed = armedTrailingStopsSchema.safeParse(list);
      if (!parsed.success) {
        throw new TypeError(`trailing stops: ${parsed.error.issues[0]?.message}`);
      }
      const next = new Map<number, Trail>();
      for (const armed of parsed.data) {
        const before = trails.get(armed.orderId);
        const same = before?.armed.setAt === armed.setAt;
        next.set(armed.orderId, {
          armed,
          floor: same ? before.floor : 0,
          sent: before?.sent,
          failures: same ? before.failures : 0,
          retryAt: same ? before.retryAt : 0,
        });
      }
      trails = next;
    },

    /** How many holdings trail. */
    get size(): number {
      return trails.size;
    },

    /** The moves due now, each now on its way; empty when none. */
    evaluate(): TrailMove[] {
      if (trails.size === 0) return [];
      const moves: TrailMove[] = [];
      const time = now();
      for (const [orderId, trail] of trails) {
        if (trail.sent !== undefined || time < trail.retryAt) continue;
        const holding = holdingOf(orderId);
        if (holding === undefined || holding.delayed) continue;
        const stopLoss = trailedStopLoss({
          side: holding.side,
          openPrice: holding.openPrice,
          price: holding.price,
          stopLoss: favoured(holding.side, holding.stopLoss, trail.floor),
          trailing: trail.armed,
          pricePrecision: holding.pricePrecision,
        });
        if (stopLoss === undefined) continue;
        lastMoveId += 1;
        trail.sent = { id: lastMoveId, orderId, stopLoss, takeProfit: holding.takeProfit };
        moves.push(trail.sent);
      }
      return moves;
    },

    /** Move `moveId` never left (no one listened): it is due again, with no wait. */
    unsent(moveId: number): void {
      for (const trail of trails.values()) {
        if (trail.sent?.id === moveId) trail.sent = undefined;
      }
    },

    /**
     * How move `moveId` ended. A reply for a move no longer on its way (its holding closed,
     * its stop turned off) is ignored.
     */
    settled(moveId: number, outcome: TrailOutcome): void {
      for (const trail of trails.values()) {
        const sent = trail.sent;
        if (sent?.id !== moveId) continue;
        trail.sent = undefined;
        if (outcome === 'moved') {
          trail.floor = sent.stopLoss;
          trail.failures = 0;
          trail.retryAt = 0;
        } else {
          trail.failures += 1;
          trail.retryAt = now() + Math.min(RETRY_MAX_MS, RETRY_MS * 2 ** (trail.failures - 1));
        }
        return;
      }
    },
  };
}

export type TrailingStops = ReturnType<typeof createTrailingStops>;
