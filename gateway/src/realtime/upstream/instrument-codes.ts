import { createRestClient, firstScreenRoutes } from '@pipstream/protocol';
import type { HubLog } from '../options.js';

/**
 * The instrument codes the upstream lists, for checking `KLINE.{code}.{period}` topics before
 * they are held upstream. Read once at start and again on a miss — so an instrument listed
 * after the start works — one read at a time (single-flight) and at most one per
 * `refreshGapMs`: a browser naming unknown codes in a loop costs the upstream one trade list per
 * gap, however many sockets it has.
 */
export interface InstrumentCodes {
  /**
   * Whether `code` is listed: at once when the list says so, else after the next read (a
   * promise). Until a read has succeeded every code passes at once, and a read is asked for
   * (this project's choice: an upstream that cannot list its instruments still serves their
   * candles, and refuses unknown ones itself).
   */
  check(code: string): boolean | Promise<boolean>;
}

export interface InstrumentCodesOptions {
  /** Reads the codes the upstream lists now. */
  readonly load: () => Promise<readonly string[]>;
  /** The least time between two reads. */
  readonly refreshGapMs: number;
  readonly log: HubLog;
}

/** The least time between two reads of the trade list on misses. */
export const INSTRUMENT_REFRESH_GAP_MS = 5000;

export function createInstrumentCodes(options: InstrumentCodesOptions): InstrumentCodes {
  let codes: ReadonlySet<string> | undefined;
  let lastReadAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | undefined;

  async function read() {
    const wait = lastReadAt + options.refreshGapMs - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait).unref());
    lastReadAt = performance.now();
    try {
      codes = new Set(await options.load());
    } catch (error) {
      // The list read before stays: it is the best knowledge there is.
      options.log.warn({ err: String(error) }, 'trade list not read');
    }
  }

  function refresh(): Promise<void> {
    reading ??= read().finally(() => {
      reading = undefined;
    });
    return reading;
  }

  void refresh();

  return {
    check(code) {
      if (codes === undefined) {
        void refresh();
        return true;
      }
      if (codes.has(code)) return true;
      return refresh().then(() => codes?.has(code) ?? true);
    },
  };
}

/** The codes of the upstream's trade list at `upstreamUrl`, through the protocol's client. */
export function tradeListCodes(upstreamUrl: string): () => Promise<string[]> {
  const client = createRestClient(firstScreenRoutes, { baseUrl: upstreamUrl });
  return async () => (await client.call('tradeList', {})).map((instrument) => instrument.Code);
}
