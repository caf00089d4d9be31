import { QUOTE_STALE_MS } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { isDelayed } from './freshness.js';

const LIVE_SINCE = 1_000;
const open = (receivedAt: number | null) => ({ receivedAt, marketStatus: 1 });

describe('quote freshness', () => {
  it('delays every quote while the connection is not live, a closed market’s too', () => {
    expect(isDelayed(open(2_000), null, 2_000)).toBe(true);
    expect(isDelayed({ receivedAt: 2_000, marketStatus: 2 }, null, 2_000)).toBe(true);
  });

  it('never delays a closed market’s quote while live: it sends none', () => {
    expect(isDelayed({ receivedAt: null, marketStatus: 2 }, LIVE_SINCE, 10 ** 9)).toBe(false);
    expect(isDelayed({ receivedAt: null, marketStatus: undefined }, LIVE_SINCE, 0)).toBe(false);
  });

  it('delays an open market’s quote that came before the connection went live, or never', () => {
    expect(isDelayed(open(null), LIVE_SINCE, LIVE_SINCE)).toBe(true);
    expect(isDelayed(open(LIVE_SINCE - 1), LIVE_SINCE, LIVE_SINCE)).toBe(true);
    expect(isDelayed(open(LIVE_SINCE), LIVE_SINCE, LIVE_SINCE)).toBe(false);
  });

  it('delays it once none came for QUOTE_STALE_MS', () => {
    expect(isDelayed(open(LIVE_SINCE), LIVE_SINCE, LIVE_SINCE + QUOTE_STALE_MS)).toBe(false);
    expect(isDelayed(open(LIVE_SINCE), LIVE_SINCE, LIVE_SINCE + QUOTE_STALE_MS + 1)).toBe(true);
  });
});
