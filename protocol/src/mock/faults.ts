/**
 * Faults a test injects through the control API: latency on every REST call, a given error code
 * for the next N calls, and a socket that stops answering pings. Dropping every socket is an
 * action of the socket hub, not a standing fault.
 */
export class Faults {
  latencyMs = 0;
  private forced: { code: number; remaining: number } | undefined;
  /** While true the socket answers no `ping`, as a hung upstream would. */
  silentPings = false;

  /** The next `count` REST calls answer `code` (e.g. 999) instead of running. */
  forceCode(code: number, count: number): void {
    this.forced = count > 0 ? { code, remaining: count } : undefined;
  }

  /** The forced code for this call, consuming one of the remaining calls. */
  takeForcedCode(): number | undefined {
    if (!this.forced) return undefined;
    const { code } = this.forced;
    this.forced.remaining -= 1;
    if (this.forced.remaining <= 0) this.forced = undefined;
    return code;
  }

  clear(): void {
    this.latencyMs = 0;
    this.forced = undefined;
    this.silentPings = false;
  }

  snapshot() {
    return {
      latencyMs: this.latencyMs,
      forced: this.forced ? { ...this.forced } : null,
      silentPings: this.silentPings,
    };
  }
}
