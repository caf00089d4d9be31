/**
 * A generator process: its share of the browsers, opened at its share of the ramp, and its
 * share of the REST mix, for the window of its plan; one result when the window is over.
 * Commanded over IPC (messages.ts). It ignores Ctrl-C (the run tells it to stop, so that it
 * still sends what it measured) and leaves at once if the run goes away.
 */
import { availableParallelism, hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { startRest } from '../rest/runner.js';
import { SimulatedBrowser } from '../sockets/browser.js';
import { DeliveryBook } from '../sockets/delivery.js';
import { wallClockMs } from '../sockets/frames.js';
import { shareInflation } from '../sockets/shared-inflation.js';
import { DRAIN_MS, type FromGenerator, type GeneratorPlan, type ToGenerator } from './messages.js';
import { Recorder } from './recorder.js';

/** First handshakes in flight at once: a burst of thousands would overflow the accept queue. */
const HANDSHAKES_AT_ONCE = 64;
const TICK_MS = 100;
const PROGRESS_MS = 1000;

function send(message: FromGenerator): void {
  process.send?.(message);
}

async function run(plan: GeneratorPlan, stopped: Promise<void>, book: { current?: DeliveryBook }) {
  const recorder = new Recorder();
  const delivery = new DeliveryBook(plan.lateMs, {
    settled: (refAt, added) => recorder.settled(refAt, added),
    unmatched: (count) => {
      recorder.unmatched += count;
    },
  });
  book.current = delivery;
  const setting = {
    url: plan.socketUrl,
    origin: plan.origin,
    deflate: plan.deflate,
    gapMs: plan.gapMs,
    recorder,
    sink: delivery,
  };
  const browsers = plan.browsers.map((browserPlan) => new SimulatedBrowser(browserPlan, setting));
  await sleep(Math.max(0, plan.startAt - wallClockMs()));
  const cpuAtStart = process.cpuUsage();
  const rest = plan.rest && plan.rest.rate >= 1 ? startRest(plan.rest, recorder) : null;

  let opened = 0;
  let ending = false;
  const openDue = () => {
    const due = Math.min(
      browsers.length,
      Math.floor(((wallClockMs() - plan.startAt) / 1000) * plan.rampPerSecond) + 1,
    );
    let connecting = 0;
    for (let i = 0; i < opened; i++) if (browsers[i]?.isFirstConnecting) connecting++;
    while (!ending && opened < due && connecting < HANDSHAKES_AT_ONCE) {
      browsers[opened++]?.open();
      connecting++;
    }
  };
  const openNow = () => browsers.reduce((count, browser) => count + (browser.isOpen ? 1 : 0), 0);
  const cpuSeconds = () => {
    const used = process.cpuUsage(cpuAtStart);
    return (used.user + used.system) / 1e6;
  };
  const ticker = setInterval(() => {
    openDue();
    recorder.open(wallClockMs(), openNow());
  }, TICK_MS);
  const reporter = setInterval(() => {
    delivery.settle(wallClockMs());
    send({
      type: 'progress',
      progress: { open: openNow(), ...recorder.totals(), cpuSeconds: cpuSeconds() },
    });
  }, PROGRESS_MS);
  openDue();

  // The window: until its end, or a stop.
  let interrupted = false;
  await Promise.race([
    sleep(Math.max(0, plan.endAt - wallClockMs())),
    stopped.then(() => {
      interrupted = true;
    }),
  ]);
  const endAt = Math.min(wallClockMs(), plan.endAt);
  ending = true;
  for (const browser of browsers) {
    const standing = browser.standing;
    if (standing !== 'open') recorder.notOpen[standing] = (recorder.notOpen[standing] ?? 0) + 1;
  }
  await rest?.stop();
  await sleep(DRAIN_MS);
  clearInterval(ticker);
  clearInterval(reporter);
  recorder.open(wallClockMs(), openNow());
  await Promise.all(browsers.map((browser) => browser.close()));
  const closedAt = wallClockMs();
  delivery.settle(closedAt, endAt);
  const wallSeconds = (closedAt - plan.startAt) / 1000;
  return recorder.toResult({
    target: plan.target,
    referenceUrl: plan.referenceUrl,
    startedAt: plan.startAt,
    endedAt: endAt,
    interrupted,
    planned: plan.browsers.length,
    machines: [
      {
        host: hostname(),
        cores: availableParallelism(),
        hostBusy: null,
        generators: [{ name: plan.name, cpuSeconds: cpuSeconds(), wallSeconds }],
      },
    ],
    scenario: plan.scenario,
  });
}

let stop: () => void = () => {};
const stopped = new Promise<void>((resolve) => {
  stop = resolve;
});
const book: { current?: DeliveryBook } = {};

// Thousands of compressing sockets here receive the same compressed frames: inflated once.
shareInflation();

process.on('message', (message: ToGenerator) => {
  switch (message.type) {
    case 'plan':
      run(message.plan, stopped, book).then(
        (result) => send({ type: 'result', result }),
        (error: unknown) =>
          send({ type: 'failed', message: String((error as Error)?.stack ?? error) }),
      );
      return;
    case 'references':
      book.current?.reference(message.frames);
      return;
    case 'stop':
      stop();
      return;
  }
});
// Ctrl-C reaches the whole process group: the run decides when this generator stops.
process.on('SIGINT', () => {});
// An orphan would hold thousands of sockets: leave with the run.
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
