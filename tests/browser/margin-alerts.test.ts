import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openLoggedIn } from './test-support/accounts.js';
import { eventually } from './test-support/eventually.js';
import { useBrowserSuite } from './test-support/suite.js';
import { buyLots, fundedAt, instrumentOf, movePrice } from './test-support/trading.js';

// Every price in this file is one a test set.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

/** Records every navigator.vibrate call of the page, before the app's first script. */
async function recordVibrations(page: Page): Promise<() => Promise<unknown[]>> {
  await page.addInitScript(() => {
    const calls: unknown[] = [];
    Object.defineProperty(window, '__vibrations', { value: calls });
    navigator.vibrate = ((pattern: unknown) => {
      calls.push(pattern);
      return true;
    }) as Navigator['vibrate'];
  });
  return () => page.evaluate(() => (window as unknown as { __vibrations: unknown[] }).__vibrations);
}

describe('margin warnings', () => {
  it('shows a banner and vibrates once per crossing of a warning level, on any screen', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const { account, token } = await fundedAt(suite.stack, eurusd, 1.1);
    // 5 lots at 100×: 5 500 margin, equity ≈ 9 994.50, a risk rate of ~182 %.
    await buyLots(suite.stack, token, eurusd, 5);
    const app = await suite.newApp();
    const { page } = app;
    const vibrations = await recordVibrations(page);
    // The personal center shows no account figures: the warning comes all the same.
    await openLoggedIn(app, account.session, '/user');
    const banner = page.getByTestId('margin-banner');
    await page.getByTestId('balance').waitFor();
    await app.idle();
    expect(await banner.count()).toBe(0);

    // −2 000: equity 7 994.50 of 5 500 margin, 145.35 %.
    await movePrice(suite.stack, eurusd, 1.096);
    await eventually(() => banner.textContent()).toBe(
      'Risk rate 145.35%: at or below the 150% warning level. Your margin is running low. ' +
        'Positions are closed automatically at 50%.',
    );
    await eventually(() => vibrations()).toEqual([[200, 100, 200]]);

    // Lower within the same band: no second alarm (the count below would be 3).
    await movePrice(suite.stack, eurusd, 1.0958);

    // Below 100 %: the margin call, told and felt once more.
    await movePrice(suite.stack, eurusd, 1.0905);
    await eventually(() => banner.textContent()).toBe(
      'Risk rate 95.35%: at or below 100%. Your free margin is gone and no new order fits. ' +
        'Positions are closed automatically at 50%.',
    );
    await eventually(async () => (await vibrations()).length).toBe(2);

    // Dismissed, it stays away; the order screen still shows the rate in its danger colour.
    await banner.getByRole('button', { name: 'Dismiss the margin warning' }).click();
    expect(await banner.count()).toBe(0);
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    const rate = page.getByTestId('account-risk-rate');
    await eventually(() => rate.textContent()).toBe('95.35%');
    expect(await rate.getAttribute('class')).toContain('risk-danger');
    expect(await banner.count()).toBe(0);
    expect(await vibrations()).toHaveLength(2);
  });

  it('names the same risk rate as the account card, move after move', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const { account, token } = await fundedAt(suite.stack, eurusd, 1.1);
    await buyLots(suite.stack, token, eurusd, 5);
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, '/order');
    const card = page.getByTestId('account-risk-rate');
    const banner = page.getByTestId('margin-banner');
    await eventually(() => card.textContent()).toMatch(/%$/);
    await app.idle();
    /** The rate the banner names: "Risk rate 145.35%: …". */
    const bannerRate = async () =>
      /^Risk rate ([\d.,]+%)/.exec((await banner.textContent()) ?? '')?.[1];

    // Into the warning band (equity 9 994.50 − 2 000 of 5 500 margin), then three moves inside
    // it: the banner names each new rate, the card's.
    await movePrice(suite.stack, eurusd, 1.096);
    await eventually(() => bannerRate()).toBe('145.35%');
    for (const [price, rate] of [
      [1.0958, '143.54%'],
      [1.0955, '140.81%'],
      [1.0952, '138.08%'],
    ] as const) {
      await movePrice(suite.stack, eurusd, price);
      await eventually(() => card.textContent()).toBe(rate);
      await eventually(() => bannerRate()).toBe(rate);
    }
  });
});
