/**
 * The IPC conversation between a benchmark and its load-client processes (load-clients.ts):
 * each command gets one reply of the same `type`; `fresh` gets `armed` first.
 */
import type { LastKeys } from './feeder.js';

export type LoadCommand =
  /**
   * Opens one socket per entry of `topics`, `concurrency` handshakes at a time, and subscribes
   * each to its topics (none: it just receives, as from the raw ws server). `ping`: the
   * browser heartbeat, a bare `ping` per socket at open and every HEARTBEAT_MS. `record`: keep
   * the key and arrival time of every DAY_MARKET frame for `report`. `deflate`: offer
   * permessage-deflate as a browser does (and compress what the socket sends, as Chromium does).
   */
  | {
      readonly type: 'connect';
      readonly url: string;
      readonly topics: readonly (readonly string[])[];
      readonly ping: boolean;
      readonly record: boolean;
      readonly deflate: boolean;
      readonly concurrency: number;
    }
  /**
   * Latencies and counts of the frames whose keys are in `sentAt` ([key, send time] pairs)
   * that arrived by `until` (wallClockMs): a frame later than that was not delivered in time.
   */
  | {
      readonly type: 'report';
      readonly sentAt: readonly (readonly [number, number])[];
      readonly until: number;
    }
  /**
   * From now on, watch for frames newer than `after` on every topic of every open socket; reply
   * `fresh` once each socket has one on each of its topics, or after `deadlineMs`.
   */
  | { readonly type: 'fresh'; readonly after: LastKeys; readonly deadlineMs: number }
  /** Drops every socket and forgets them, ready for the next `connect`. */
  | { readonly type: 'disconnect' };

export type LoadReply =
  /** Sent once at start: commands sent before it could be lost. */
  | { readonly type: 'ready' }
  | {
      readonly type: 'connect';
      readonly open: number;
      readonly failed: number;
      readonly ms: number;
    }
  | {
      readonly type: 'report';
      /** Frames of the measured keys that arrived, across every socket. */
      readonly received: number;
      /** Arrival − send time of each of them (LatencyHistogram JSON). */
      readonly latency: { readonly buckets: number[] };
      /** Sockets still open. */
      readonly open: number;
      /** Close codes seen, with their counts (a gateway closing slow clients shows here). */
      readonly closes: Readonly<Record<string, number>>;
    }
  /** Sent once `fresh` was received and watching started. */
  | { readonly type: 'armed' }
  | {
      readonly type: 'fresh';
      /** When each socket had a fresh frame on every topic (wallClockMs), in order. */
      readonly freshAt: number[];
      /** Sockets that did not get a fresh frame on every topic before the deadline. */
      readonly stale: number;
      /** Sockets watched. */
      readonly watched: number;
    }
  | { readonly type: 'disconnect' };
