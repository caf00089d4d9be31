import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from './test-support/suite.js';
import { instrumentOf } from './test-support/trading.js';

const suite = useBrowserSuite();

describe('routes on the path', () => {
  it('opens the trade screen of the instrument a path link names', async () => {
    const pound = await instrumentOf(suite.stack, 'GBPUSD');
    const app = await suite.newApp();
    await app.open(`/trade?id=${pound.Id}`);
    await app.page.getByRole('heading', { name: pound.ShowCode, level: 1 }).waitFor();
    await app.page.getByTestId('trade-price').filter({ hasText: /\d/ }).waitFor();
    expect(await app.route()).toBe(`/trade?id=${pound.Id}`);
  });

  it('opens the same screen from a link of the older hash form, rewritten to its path', async () => {
    const pound = await instrumentOf(suite.stack, 'GBPUSD');
    const app = await suite.newApp();
    await app.page.goto(`/?lang=en#/trade?id=${pound.Id}`);
    await app.page.getByRole('heading', { name: pound.ShowCode, level: 1 }).waitFor();
    expect(await app.route()).toBe(`/trade?id=${pound.Id}`);
    expect(await app.page.evaluate(() => location.hash)).toBe('');
  });

  it('opens registration with the code of an invite link in the form the product gives it', async () => {
    const app = await suite.newApp();
    await app.page.goto('/#/register?invite_code=AB12CD');
    await app.page.getByRole('heading', { name: 'Register', level: 1 }).waitFor();
    expect(await app.page.getByLabel('Invite code').inputValue()).toBe('AB12CD');
    expect(await app.route()).toBe('/register?invite_code=AB12CD');
  });

  it('serves the app at a deep path, and its links and back button move between paths', async () => {
    const app = await suite.newApp();
    await app.open('/news');
    await app.page.getByRole('navigation', { name: 'Main sections' }).waitFor();
    await app.page.getByRole('link', { name: 'Quotes', exact: true }).click();
    await app.waitForRoute('/');
    await app.page.getByTestId('quote-price').first().filter({ hasText: /\d/ }).waitFor();
    await app.page.goBack();
    await app.waitForRoute('/news');
  });
});
