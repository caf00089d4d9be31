import type { Candle, QuoteTick } from '../schemas/market.js';
import type { HoldingUpdate } from '../schemas/order.js';
import type { Period } from '../socket/topics.js';

/** What the services tell the socket hub; the hub turns each into frames. */
export interface MockEventMap {
  /** One simulator step: every instrument that moved. */
  ticks: readonly QuoteTick[];
  /** The current candle of one instrument and period changed. */
  candle: { code: string; period: Period; candle: Candle };
  /** A user's holding orders were revalued. */
  holdings: { userId: number; updates: readonly HoldingUpdate[] };
  /** A user's orders closed (manually, by SL/TP, by stop-out). */
  closed: { userId: number; ids: readonly number[] };
  /** A user's sessions ended (password change, fault injection): their sockets drop. */
  sessionsEnded: { userId: number };
}

type Listener<T> = (payload: T) => void;

/** A minimal typed event bus: synchronous, in registration order. */
export class MockEvents {
  private readonly listeners: { [K in keyof MockEventMap]?: Listener<MockEventMap[K]>[] } = {};

  on<K extends keyof MockEventMap>(event: K, listener: Listener<MockEventMap[K]>): () => void {
    const list = (this.listeners[event] ?? []) as Listener<MockEventMap[K]>[];
    this.listeners[event] = list as (typeof this.listeners)[K];
    list.push(listener);
    return () => {
      const at = list.indexOf(listener);
      if (at >= 0) list.splice(at, 1);
    };
  }

  emit<K extends keyof MockEventMap>(event: K, payload: MockEventMap[K]): void {
    const list = this.listeners[event] as Listener<MockEventMap[K]>[] | undefined;
    if (!list) return;
    for (const listener of list) listener(payload);
  }
}
