import { formatPrice, type QuoteTick } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { shown } from './test-support/languages.js';
import { useBrowserSuite } from './test-support/suite.js';

// Every move is one the test makes: a price on screen can only be the one it set.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

const ROW_PREFIX = 'quote-row-';

describe('the quotes feed, compressed (/)', () => {
  it('reaches the app’s socket compressed, and every quote still shows', async () => {
    const app = await suite.newApp();
    await app.open('/');
    const first = app.page.locator(`[data-testid^="${ROW_PREFIX}"]`).first();
    await first.waitFor();
    const code = (await first.getAttribute('data-testid'))?.slice(ROW_PREFIX.length) ?? '';
    const price = first.getByTestId('quote-price');
    // The quotes' snapshot (every instrument, several KB: a compressed frame) came over the
    // socket, which Chromium negotiated permessage-deflate for and inflated.
    await expect.poll(() => price.textContent()).toMatch(/[0-9]/);
    expect(await suite.stack.gatewayMetric('gateway_clients_compressing')).toBe(1);
    expect(await suite.stack.gatewayMetric('gateway_clients')).toBe(1);

    const { ticks } = await suite.stack.control<{ ticks: QuoteTick[] }>('/market/step', {
      count: 3,
    });
    const tick = ticks.findLast((t) => t.Code === code);
    const instrument = (await suite.stack.api.call('tradeList')).find((i) => i.Code === code);
    if (!tick || !instrument) throw new Error(`no tick or instrument for ${code}`);
    await expect
      .poll(() => price.textContent())
      .toBe(shown(formatPrice(tick.Close, instrument.PricePrecision)));
  });
});
