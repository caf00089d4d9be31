import { createKeyedBuckets } from './rate-buckets.js';

/** Why a browser socket was refused before (or right after) its upgrade. */
export type Refusal = 'origin' | 'ip_limit' | 'ip_rate' | 'shutting_down';

/** Normalises an origin the way browsers serialise one (`https://host[:port]`, lower case). */
function normalizeOrigin(origin: string): string {
  try {
    const url = new URL(origin);
    return url.origin === 'null' ? origin.toLowerCase() : url.origin;
  } catch {
    return origin.toLowerCase();
  }
}

export interface AdmissionOptions {
  /** Browser origins allowed to open a socket; '*' lets every origin in. */
  readonly allowedOrigins: readonly string[] | '*';
  /** Sockets one address may hold at once. */
  readonly maxPerIp: number;
  /** New sockets one address may open per second, past a burst of `maxPerIp`. */
  readonly perIpPerSecond: number;
}

/**
 * Who may open a browser socket. The `Origin` header must be one of `allowedOrigins` ('*' lets
 * every origin in). A handshake without `Origin` is not from a browser — browsers always send
 * it on WebSocket handshakes — and is let in: this project's choice, so that native apps,
 * benches and server-side clients connect, while a web page on a foreign origin cannot borrow a
 * visitor's connection.
 *
 * Each address may hold `maxPerIp` sockets at once and open new ones from a token bucket: up to
 * `maxPerIp` at once (every phone behind a carrier's shared address reconnecting after a
 * restart), then `perIpPerSecond`. The concurrent cap bounds what an address holds, the bucket
 * what reconnecting in a loop costs. A socket that was connected a while hands its token back
 * when it drops (`release`): 500 phones of an address that just lost its 1 000 sockets
 * reconnect at once without spending the burst that new phones of that address need.
 */
export function createAdmission(options: AdmissionOptions) {
  const { allowedOrigins, maxPerIp } = options;
  const allowed = allowedOrigins === '*' ? undefined : new Set(allowedOrigins.map(normalizeOrigin));
  const perIp = new Map<string, number>();
  const opening = createKeyedBuckets({ burst: maxPerIp, perSecond: options.perIpPerSecond });

  return {
    /**
     * The reason to refuse a handshake from `ip` with `origin`, or `undefined` to let it in
     * (and then one new connection of `ip` is counted against its rate).
     */
    check(origin: string | undefined, ip: string): Refusal | undefined {
      if (origin !== undefined && allowed && !allowed.has(normalizeOrigin(origin))) return 'origin';
      if ((perIp.get(ip) ?? 0) >= maxPerIp) return 'ip_limit';
      if (!opening.take(ip)) return 'ip_rate';
      return undefined;
    },

    /**
     * Counts a socket of `ip`; false when that is one too many (handshakes that raced past
     * `check` together), and then nothing is counted.
     */
    acquire(ip: string): boolean {
      const count = perIp.get(ip) ?? 0;
      if (count >= maxPerIp) return false;
      perIp.set(ip, count + 1);
      return true;
    },

    /** A socket of `ip` is gone; `returned`: its token goes back to the address's rate. */
    release(ip: string, returned = false): void {
      if (returned) opening.give(ip);
      const count = perIp.get(ip) ?? 0;
      if (count <= 1) perIp.delete(ip);
      else perIp.set(ip, count - 1);
    },
  };
}

export type Admission = ReturnType<typeof createAdmission>;
