import type { Metrics } from '../../ops/metrics.js';

/**
 * Browser message counters added up per event-loop turn and handed to prom-client once per
 * turn, rather than one labelled `inc` per frame per browser on the fan-out path.
 */
export function createBrowserCounters(metrics: Metrics) {
  const sentToBrowsers = metrics.messagesOut.labels({ destination: 'browser' });
  const receivedFromBrowsers = metrics.messagesIn.labels({ source: 'browser' });
  let sent = 0;
  let conflated = 0;
  let received = 0;
  let scheduled = false;

  function flush() {
    scheduled = false;
    if (sent) sentToBrowsers.inc(sent);
    if (conflated) metrics.messagesConflated.inc(conflated);
    if (received) receivedFromBrowsers.inc(received);
    sent = conflated = received = 0;
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  }

  return {
    /** Frames written to browsers, and quote frames held back from congested ones. */
    written(frames: number, heldBack: number): void {
      sent += frames;
      conflated += heldBack;
      schedule();
    },
    /** One frame from a browser. */
    received(): void {
      received++;
      schedule();
    },
  };
}
