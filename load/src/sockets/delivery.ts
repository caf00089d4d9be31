/**
 * Delivery and added latency, frame by frame, against the reference socket. The reference
 * socket (the upstream itself, or a lone socket to the target) reports each topic frame it
 * receives: its topic, its key (frames.ts) and when. Every load socket watching that topic
 * since before the frame, and still connected then, should receive the same frame: it is
 * delivered if it did within `lateMs`, and its added latency is its arrival − the
 * reference's. A socket starts watching a topic at its first frame of it on a connection (the
 * subscription is live from then on) and stops when the connection ends; frames the
 * reference never saw (a merged catch-up frame for a slow socket, a replay on subscribe) are
 * counted as unmatched.
 */

/** A topic frame the reference socket received. */
export interface ReferenceFrame {
  readonly topic: string;
  readonly key: string;
  /** Its arrival at the reference socket, wall-clock ms. */
  readonly at: number;
}

/** One connection's frames of one topic, by key, with their arrival times. */
class TopicWatch {
  until = Number.POSITIVE_INFINITY;
  readonly seen = new Map<string, number[]>();

  constructor(readonly since: number) {}

  add(key: string, at: number): void {
    const arrivals = this.seen.get(key);
    if (arrivals) arrivals.push(at);
    else this.seen.set(key, [at]);
  }

  /** The first arrival of `key`, taken (a frame is delivered once). */
  take(key: string): number | undefined {
    const arrivals = this.seen.get(key);
    const at = arrivals?.shift();
    if (arrivals?.length === 0) this.seen.delete(key);
    return at;
  }

  /** Drops arrivals older than `before`; returns how many there were. */
  prune(before: number): number {
    let dropped = 0;
    for (const [key, arrivals] of this.seen) {
      const kept = arrivals.filter((at) => at >= before);
      dropped += arrivals.length - kept.length;
      if (kept.length === 0) this.seen.delete(key);
      else if (kept.length < arrivals.length) this.seen.set(key, kept);
    }
    return dropped;
  }

  /** Arrivals up to `until`. */
  countUntil(until: number): number {
    let count = 0;
    for (const arrivals of this.seen.values()) {
      for (const at of arrivals) if (at <= until) count++;
    }
    return count;
  }
}

export interface DeliveryOutcome {
  /** A reference frame a watching socket should have had; `addedMs` undefined when missed. */
  settled(refAt: number, addedMs: number | undefined): void;
  /** Topic frames that no reference frame matched. */
  unmatched(count: number): void;
}

/** Where sockets report topic frames and the end of their connections. */
export interface TopicFrameSink {
  frame(connection: object, topic: string, key: string, at: number): void;
  ended(connection: object, at: number): void;
}

export class DeliveryBook implements TopicFrameSink {
  private readonly watchesByTopic = new Map<string, Set<TopicWatch>>();
  private readonly byConnection = new Map<object, Map<string, TopicWatch>>();
  private pending: ReferenceFrame[] = [];

  constructor(
    private readonly lateMs: number,
    private readonly outcome: DeliveryOutcome,
  ) {}

  frame(connection: object, topic: string, key: string, at: number): void {
    let topics = this.byConnection.get(connection);
    if (!topics) {
      topics = new Map();
      this.byConnection.set(connection, topics);
    }
    const watch = topics.get(topic);
    if (!watch) {
      // The first frame of a topic marks the subscription live. It is no delivery: the
      // gateway's snapshot of the topic's latest value, or a frame already in flight.
      const started = new TopicWatch(at);
      topics.set(topic, started);
      let watches = this.watchesByTopic.get(topic);
      if (!watches) {
        watches = new Set();
        this.watchesByTopic.set(topic, watches);
      }
      watches.add(started);
      return;
    }
    watch.add(key, at);
  }

  ended(connection: object, at: number): void {
    const topics = this.byConnection.get(connection);
    if (!topics) return;
    for (const watch of topics.values()) watch.until = at;
    this.byConnection.delete(connection);
  }

  reference(frames: readonly ReferenceFrame[]): void {
    this.pending.push(...frames);
  }

  /**
   * Judges the reference frames that every socket has had `lateMs` to receive (at or before
   * `now − lateMs`), or, at the end of a run, every one at or before `cutoff`; later ones are
   * dropped then, as nobody was asked to receive them.
   */
  settle(now: number, cutoff?: number): void {
    const due = cutoff ?? now - this.lateMs;
    const ready = this.pending.filter((frame) => frame.at <= due);
    this.pending = cutoff === undefined ? this.pending.filter((frame) => frame.at > due) : [];
    for (const frame of ready) this.judge(frame);
    // An arrival this old can no longer meet its reference frame: it had none. At the end,
    // arrivals after the cutoff had no reference frame judged: they are not counted.
    const stale = due - 2 * this.lateMs;
    for (const [topic, watches] of this.watchesByTopic) {
      for (const watch of watches) {
        if (cutoff !== undefined) {
          this.outcome.unmatched(watch.countUntil(cutoff));
          watches.delete(watch);
        } else if (watch.until < stale) {
          this.outcome.unmatched(watch.countUntil(watch.until));
          watches.delete(watch);
        } else {
          this.outcome.unmatched(watch.prune(stale));
        }
      }
      if (watches.size === 0) this.watchesByTopic.delete(topic);
    }
  }

  private judge(frame: ReferenceFrame): void {
    const watches = this.watchesByTopic.get(frame.topic);
    if (!watches) return;
    for (const watch of watches) {
      if (frame.at <= watch.since || frame.at > watch.until) continue;
      const arrival = watch.take(frame.key);
      const added = arrival === undefined ? undefined : arrival - frame.at;
      this.outcome.settled(
        frame.at,
        added !== undefined && added <= this.lateMs ? added : undefined,
      );
    }
  }
}
