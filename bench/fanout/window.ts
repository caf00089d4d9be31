/**
 * How many feed frames a fan-out run measures. The window must hold enough server work for
 * msg per CPU-second to be a per-message figure, for both servers alike: /proc counts CPU in
 * 10 ms ticks per thread, and a fresh server still pays one-off costs of the connections it
 * just took — above all a major GC of the handshakes' garbage, at a moment V8's heap
 * heuristics choose, inside the window or not. A window of at least `minDeliveries` makes
 * either server's one-offs a small part of its figure, so they cannot swing the gateway / raw
 * ratio (bench/README.md, "How the figures are taken", has what a short window did).
 */

export interface WindowPlan {
  /** Shortest window, whatever the number of clients. */
  readonly minMs: number;
  /** Frame deliveries (frames × clients) the window holds at least. */
  readonly minDeliveries: number;
}

/** Feed frames in the window of a run with `clients` clients fed `framesPerSecond`. */
export function windowFrames(plan: WindowPlan, clients: number, framesPerSecond: number): number {
  const byTime = Math.ceil((plan.minMs * framesPerSecond) / 1000);
  const byDeliveries = Math.ceil(plan.minDeliveries / clients);
  return Math.max(byTime, byDeliveries, 1);
}
