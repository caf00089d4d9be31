/**
 * The subscriptions one upstream connection should hold, reconciled with what it holds in
 * batches. `want`/`drop` only record the wish; one flush per event-loop turn (setImmediate, so
 * the frames of many browsers read in the same turn coalesce) sends the difference. A `sub`
 * followed by an `unsub` of the same topic within one turn sends nothing.
 */
export interface TopicBatch {
  /** Topics the upstream holds, as far as the frames sent tell. */
  readonly held: ReadonlySet<string>;
  /** True while a change waits for the next flush. */
  readonly pending: boolean;
  want(topic: string): void;
  drop(topic: string): void;
  /**
   * The connection became able (true) or unable (false) to take subscriptions. Going live sends
   * every wanted topic at once; going down forgets what the old connection held.
   */
  setLive(live: boolean): void;
  /** Cancels a scheduled flush. */
  close(): void;
}

export function createTopicBatch(
  send: (frames: readonly string[]) => void,
  onFlushed: (held: ReadonlySet<string>) => void = () => {},
): TopicBatch {
  const wanted = new Set<string>();
  const held = new Set<string>();
  let live = false;
  let scheduled: NodeJS.Immediate | undefined;

  function schedule() {
    if (live && scheduled === undefined) scheduled = setImmediate(flush);
  }

  function flush() {
    scheduled = undefined;
    if (!live) return;
    const frames: string[] = [];
    for (const topic of wanted) {
      if (held.has(topic)) continue;
      held.add(topic);
      frames.push(JSON.stringify({ type: 'sub', param: topic }));
    }
    for (const topic of held) {
      if (wanted.has(topic)) continue;
      held.delete(topic);
      frames.push(JSON.stringify({ type: 'unsub', param: topic }));
    }
    if (frames.length > 0) {
      send(frames);
      onFlushed(held);
    }
  }

  return {
    held,
    get pending() {
      return scheduled !== undefined;
    },
    want(topic) {
      wanted.add(topic);
      schedule();
    },
    drop(topic) {
      wanted.delete(topic);
      schedule();
    },
    setLive(next) {
      live = next;
      clearImmediate(scheduled);
      scheduled = undefined;
      if (next) flush();
      else if (held.size > 0) {
        held.clear();
        onFlushed(held);
      }
    },
    close() {
      clearImmediate(scheduled);
      scheduled = undefined;
      live = false;
    },
  };
}
