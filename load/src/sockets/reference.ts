/**
 * The reference socket: one browser alone on every topic the load watches — to the upstream
 * itself when `--reference` names it, else to the target — held by the run, not by a busy
 * generator. Each topic frame it receives, with its arrival, goes to the generators, which
 * judge their sockets' copies of it (delivery.ts).
 */
import type { Topic } from '@pipstream/protocol';
import { Recorder } from '../generator/recorder.js';
import { SimulatedBrowser } from './browser.js';
import type { ReferenceFrame, TopicFrameSink } from './delivery.js';

export interface ReferenceSocket {
  readonly recorder: Recorder;
  /** The frames received since the last call. */
  take(): ReferenceFrame[];
  /** Resolves at its first DAY_MARKET frame, or false after `ms`. */
  firstTick(ms: number): Promise<boolean>;
  close(): Promise<void>;
}

export function openReference(setting: {
  readonly url: string;
  readonly origin: string;
  readonly deflate: boolean;
  readonly gapMs: number;
  readonly topics: readonly Topic[];
}): ReferenceSocket {
  const recorder = new Recorder();
  let frames: ReferenceFrame[] = [];
  let ticked: () => void = () => {};
  const tick = new Promise<void>((resolve) => {
    ticked = resolve;
  });
  const sink: TopicFrameSink = {
    frame(_connection, topic, key, at) {
      frames.push({ topic, key, at });
      if (topic === 'DAY_MARKET') ticked();
    },
    ended() {},
  };
  const browser = new SimulatedBrowser({ topics: setting.topics }, { ...setting, recorder, sink });
  browser.open();
  return {
    recorder,
    take() {
      const taken = frames;
      frames = [];
      return taken;
    },
    async firstTick(ms) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), ms);
      });
      const result = await Promise.race([tick.then(() => true), timeout]);
      clearTimeout(timer);
      return result;
    },
    close: () => browser.close(),
  };
}
