import { firstScreenRoutes, routes } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { mixRound, needsTokens, requestOf } from './mix.js';

const ORDER = { forexId: 7, lots: 0.01, leverage: 100 };

describe('the REST mix', () => {
  it("opens with the browser's first-screen calls, then a buy, the account reads and its close", () => {
    const round = mixRound(['public', 'account', 'orders'], ORDER);
    expect(round.map((call) => call.name)).toEqual([
      ...Object.keys(firstScreenRoutes),
      'submit',
      'getBalance',
      'userInfo',
      'forexDetail',
      'myDeal',
      'close',
    ]);
    expect(round.filter((call) => !call.withToken).map((call) => call.name)).toEqual(
      Object.keys(firstScreenRoutes),
    );
  });

  it('places no order without an instrument to order on, and needs tokens only for traders', () => {
    expect(mixRound(['public', 'orders'], null).map((call) => call.name)).toEqual(
      Object.keys(firstScreenRoutes),
    );
    expect(needsTokens(['public'])).toBe(false);
    expect(needsTokens(['public', 'orders'])).toBe(true);
  });

  it('closes the order its round opened, and skips the close when none was', () => {
    const close = mixRound(['orders'], ORDER).at(-1);
    expect(close?.input({ orderId: 42 })).toEqual({ id: 42 });
    expect(close?.input({})).toBeUndefined();
  });

  it('builds each call as the app does: its path, a fresh t, lang, and the token only where due', () => {
    const [status, , , buy] = mixRound(['public', 'orders'], ORDER);
    if (!status || !buy) throw new Error('the round is too short');
    const publicCall = requestOf(status, {}, { token: 'T', lang: 'en' });
    expect(publicCall.method).toBe('GET');
    expect(publicCall.path).toMatch(new RegExp(`^${routes.companyStatus.path}\\?t=\\d+$`));
    expect(publicCall.headers).toEqual({ lang: 'en' });
    const order = requestOf(buy, buy.input({}), { token: 'T', lang: 'en' });
    expect(order.headers).toEqual({ lang: 'en', authorization: 'T' });
    const query = new URL(order.path, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      type: '1',
      cont: '0.01',
      forex_id: '7',
      status: '1',
      multiple: '100',
    });
  });
});
