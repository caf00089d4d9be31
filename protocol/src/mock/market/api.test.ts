import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CODE } from '../../envelope.js';
import { LANGUAGES } from '../../languages.js';
import { routes } from '../../routes/table.js';
import type { QuoteTick } from '../../schemas/market.js';
import type { ControlAction } from '../http/control.js';
import { Reply } from '../http/handler.js';
import { Refusal } from '../refusal.js';
import { ctxFor } from '../test-support.js';
import { ABBREVIATED_CANDLES, createMarketApi } from './api.js';
import { CATALOGUE, CATEGORIES, MARKET_STATUS } from './catalogue.js';
import { ARCHIVE_MAX_CANDLES } from './older-candles.js';
import { createMarketService } from './service.js';
import { expectConsistent, marketDeps } from './test-support.js';

/** A text of `locales/<lang>.json` by its dotted key, read from the file itself. */
function localeText(lang: string, key: string): string {
  let node: unknown = JSON.parse(
    readFileSync(new URL(`../../../../locales/${lang}.json`, import.meta.url), 'utf8'),
  );
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`locales/${lang}.json has no ${key}`);
  return node;
}

const HISTORY = 90;
const deps = marketDeps({ historyCandles: HISTORY });
const market = createMarketService(deps);
const { handlers, controls } = createMarketApi(market, deps.messages);
const ctx = ctxFor(undefined, 'en', deps.clock.now());

/** Awaits a handler's answer and unwraps it: these routes answer plain data, never a Reply. */
async function data<T>(answer: T | Reply<T> | Promise<T | Reply<T>>): Promise<T> {
  const value = await answer;
  expect(value).not.toBeInstanceOf(Reply);
  return value as T;
}

/** The refusal a call throws, if it throws one. */
async function refusalOf(call: () => unknown): Promise<Refusal | undefined> {
  try {
    await call();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  return undefined;
}

function control(path: string): ControlAction {
  const action = controls.find((c) => c.path === path);
  if (!action) throw new Error(`no control ${path}`);
  return action;
}

/** Runs a control as the dispatcher does: validate, then run. */
function runControl(path: string, body: unknown): unknown {
  const action = control(path);
  return action.run(action.input.parse(body));
}

describe('market calls', () => {
  it('trade_list answers every instrument, valid for the route', async () => {
    const list = await data(handlers.tradeList(routes.tradeList.request.parse({}), ctx));
    expect(routes.tradeList.response.safeParse(list).success).toBe(true);
    expect(list.map((i) => i.Code)).toEqual(CATALOGUE.map((e) => e.instrument.Code));
  });

  it('trade_list honours searchCurrency, case-insensitively, and an empty one lists all', async () => {
    const search = async (searchCurrency: string) =>
      data(handlers.tradeList(routes.tradeList.request.parse({ searchCurrency }), ctx));
    const usd = await search('usd');
    expect(usd.length).toBeGreaterThan(10);
    expect(usd.length).toBeLessThan(CATALOGUE.length);
    for (const i of usd) expect(`${i.Code} ${i.ShowCode}`.toUpperCase()).toContain('USD');
    expect((await search('BtC')).map((i) => i.Code)).toEqual(['BTCUSDT']);
    expect(await search('no such thing')).toEqual([]);
    expect(await search('   ')).toHaveLength(CATALOGUE.length);
  });

  it('getCategories answers the categories in display order', async () => {
    const categories = await data(handlers.categories(routes.categories.request.parse({}), ctx));
    expect(routes.categories.response.safeParse(categories).success).toBe(true);
    expect(categories.map((category) => category.Id)).toEqual(CATEGORIES.map((c) => c.Id));
    expect(categories[0]?.NameShowTrans).toBe('Forex Majors');
  });

  it.each(LANGUAGES)(
    'getCategories names every category in the lang asked for: %s',
    async (lang) => {
      const input = routes.categories.request.parse({});
      const english = await data(handlers.categories(input, ctx));
      const asked = await data(handlers.categories(input, ctxFor(undefined, lang)));
      const expected = CATEGORIES.map(({ Id, name }) => ({
        Id,
        NameShowTrans: localeText(lang, `mock.${name}`),
      }));
      expect(asked).toEqual(expected);
      if (lang === 'en') return;
      // A trader reads every category in their language, not one left in English.
      for (const [at, category] of asked.entries()) {
        expect(category.NameShowTrans).not.toBe(english[at]?.NameShowTrans);
      }
    },
  );

  it('getCategories answers English for a lang it does not know', async () => {
    const input = routes.categories.request.parse({});
    const unknown = await data(handlers.categories(input, ctxFor(undefined, 'xx')));
    expect(unknown).toEqual(await data(handlers.categories(input, ctx)));
  });

  it('trade_list gives named instruments their name in the lang asked for', async () => {
    const input = routes.tradeList.request.parse({});
    const russian = await data(handlers.tradeList(input, ctxFor(undefined, 'ru')));
    const byCode = new Map(russian.map((instrument) => [instrument.Code, instrument.ShowCode]));
    expect(byCode.get('COPPER')).toBe('Медь');
    expect(byCode.get('NGAS')).toBe('Природный газ');
    // A ticker stays a ticker.
    expect(byCode.get('EURUSD')).toBe('EUR/USD');
    const found = await data(
      handlers.tradeList(routes.tradeList.request.parse({ searchCurrency: 'copper' }), {
        ...ctx,
        lang: 'de',
      }),
    );
    expect(found.map((instrument) => instrument.ShowCode)).toEqual(['Kupfer']);
  });

  it('kline answers the history length, oldest first, for the asked period', async () => {
    const input = routes.kline.request.parse({ forex_id: '1', period: '15min' });
    const candles = await data(handlers.kline(input, ctx));
    expect(routes.kline.response.safeParse(candles).success).toBe(true);
    expect(candles).toHaveLength(HISTORY);
    expect(candles.at(-1)?.Time).toBe(Math.floor(deps.clock.now() / 900_000) * 900);
    for (let i = 1; i < candles.length; i++) {
      expect(candles[i]?.Time).toBe((candles[i - 1]?.Time ?? 0) + 900);
    }
    expect(candles.at(-1)?.Close).toBe(market.price(1));
  });

  it('kline defaults the period to 1min', async () => {
    const candles = await data(handlers.kline(routes.kline.request.parse({ forex_id: 2 }), ctx));
    expect(candles).toEqual(market.candles(2, '1min'));
    expect((candles[1]?.Time ?? 0) - (candles[0]?.Time ?? 0)).toBe(60);
  });

  it('kline pages back with end_time: the candles before it, older history included, the same each time', async () => {
    const kline = async (end_time?: number) =>
      data(
        handlers.kline(
          routes.kline.request.parse({ forex_id: '4', period: '5min', end_time }),
          ctx,
        ),
      );
    const latest = await kline();
    const first = latest[0]?.Time ?? 0;
    // Before a time inside the live history: its candles before it, older ones in front.
    const before = await kline(latest[10]?.Time);
    expect(before).toHaveLength(HISTORY);
    expect(before.slice(-10)).toEqual(latest.slice(0, 10));
    // Older than the live history: a page of candles just before it, joined to it.
    const older = await kline(first);
    expect(older).toHaveLength(HISTORY);
    expectConsistent([...older, ...latest], '5min');
    expect(older.at(-1)?.Time).toBe(first - 300);
    expect(older.at(-1)?.Close).toBe(latest[0]?.Open);
    expect(await kline(first)).toEqual(older);
    // And the page before that one.
    const oldest = await kline(older[0]?.Time);
    expect(oldest.at(-1)?.Time).toBe((older[0]?.Time ?? 0) - 300);
  });

  it('kline stops at the start of the history', async () => {
    const pages: number[] = [];
    let end: number | undefined;
    for (let page = 0; page < 40; page++) {
      const input = routes.kline.request.parse({ forex_id: '5', period: '1day', end_time: end });
      const candles = await data(handlers.kline(input, ctx));
      pages.push(candles.length);
      if (candles.length === 0) break;
      end = candles[0]?.Time;
    }
    expect(pages.at(-1)).toBe(0);
    expect(pages.slice(1, -1).reduce((sum, count) => sum + count, 0)).toBe(ARCHIVE_MAX_CANDLES);
  });

  it('abbreviated_cache_kline answers the latest 60 candles', async () => {
    const input = routes.abbreviatedKline.request.parse({ forex_id: '3', period: '1min' });
    const short = await data(handlers.abbreviatedKline(input, ctx));
    expect(routes.abbreviatedKline.response.safeParse(short).success).toBe(true);
    expect(short).toHaveLength(ABBREVIATED_CANDLES);
    const full = await data(handlers.kline(routes.kline.request.parse({ forex_id: '3' }), ctx));
    expect(short).toEqual(full.slice(-ABBREVIATED_CANDLES));
  });

  it('refuses an unknown forex_id with not-found on both candle calls', async () => {
    for (const call of [handlers.kline, handlers.abbreviatedKline]) {
      const refusal = await refusalOf(() => call({ forex_id: 9999, period: '1min' }, ctx));
      expect(refusal).toMatchObject({ key: 'trade.unknown_instrument', code: CODE.NOT_FOUND });
    }
  });

  it('rejects bad input before the handler: ids, periods, search length', () => {
    const bad = [
      {},
      { forex_id: 'abc' },
      { forex_id: '0' },
      { forex_id: '-3' },
      { forex_id: '1.5' },
      { forex_id: '' },
      { forex_id: '1', period: '2min' },
      { forex_id: '1', period: '1M' },
    ];
    for (const input of bad) {
      expect(routes.kline.request.safeParse(input).success, JSON.stringify(input)).toBe(false);
      expect(routes.abbreviatedKline.request.safeParse(input).success).toBe(false);
    }
    expect(routes.tradeList.request.safeParse({ searchCurrency: 'x'.repeat(33) }).success).toBe(
      false,
    );
  });
});

describe('market controls', () => {
  it('sets a price by id or by code and answers the instrument, emitting a tick', () => {
    const ticks: QuoteTick[] = [];
    const off = deps.events.on('ticks', (batch) => ticks.push(...batch));
    const byId = runControl('/market/price', { id: 1, price: 1.25 });
    expect(byId).toMatchObject({ Id: 1, ForexQuotations: { Close: 1.25 } });
    const byCode = runControl('/market/price', { code: 'XAUUSD', price: 2500 });
    expect(byCode).toMatchObject({ Code: 'XAUUSD', ForexQuotations: { Close: 2500 } });
    expect(ticks.map((t) => [t.Code, t.Close])).toEqual([
      ['EURUSD', 1.25],
      ['XAUUSD', 2500],
    ]);
    off();
  });

  it('refuses unknown instruments, and an id and code that disagree', async () => {
    for (const body of [
      { id: 9999, price: 1 },
      { code: 'NOPE', price: 1 },
      { id: 1, code: 'XAUUSD', price: 1 },
    ]) {
      const refusal = await refusalOf(() => runControl('/market/price', body));
      expect(refusal, JSON.stringify(body)).toMatchObject({
        key: 'trade.unknown_instrument',
        code: CODE.NOT_FOUND,
      });
    }
    expect(market.price(1)).toBe(1.25);
  });

  it('validates the price body: an instrument, and a positive finite price', () => {
    const input = control('/market/price').input;
    for (const body of [
      { price: 1 },
      { id: 1 },
      { id: 1, price: 0 },
      { id: 1, price: -2 },
      { id: 1, price: '1.2' },
      { id: 0, price: 1 },
      { code: 'eur usd', price: 1 },
    ]) {
      expect(input.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
    expect(input.safeParse({ code: 'EURUSD', price: 1.1 }).success).toBe(true);
  });

  it('names an instrument as a control call says, in every language, whatever the text', async () => {
    const hostile = '<img src=x onerror="alert(1)">&amp;';
    expect(runControl('/market/name', { code: 'GBPUSD', name: hostile })).toMatchObject({
      Code: 'GBPUSD',
      ShowCode: hostile,
    });
    const input = routes.tradeList.request.parse({});
    for (const lang of ['en', 'ar', 'hi']) {
      const list = await data(handlers.tradeList(input, ctxFor(undefined, lang)));
      expect(list.find((instrument) => instrument.Code === 'GBPUSD')?.ShowCode).toBe(hostile);
    }
    const named = control('/market/name').input;
    for (const body of [{ code: 'GBPUSD' }, { code: 'GBPUSD', name: '' }, { name: 'x' }]) {
      expect(named.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });

  it('opens and closes a market by id or code', () => {
    expect(runControl('/market/status', { code: 'GBPUSD', status: 2 })).toMatchObject({
      Code: 'GBPUSD',
      MarketStatus: MARKET_STATUS.CLOSED,
    });
    const gbpusd = market.price(2);
    market.step();
    expect(market.price(2)).toBe(gbpusd);
    runControl('/market/status', { id: 2, status: 1 });
    expect(market.instrument(2)?.MarketStatus).toBe(MARKET_STATUS.OPEN);
    const input = control('/market/status').input;
    for (const body of [{ id: 2, status: 3 }, { id: 2 }, { status: 1 }, { id: 2, status: '1' }]) {
      expect(input.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });

  it('stalls an open market’s quotes and resumes them, the market staying open', () => {
    const sent: number[] = [];
    deps.events.on('ticks', (ticks) => sent.push(...ticks.map((tick) => tick.Id)));
    expect(runControl('/market/stall', { code: 'GBPUSD', stalled: true })).toMatchObject({
      MarketStatus: MARKET_STATUS.OPEN,
    });
    const gbpusd = market.price(2);
    for (let i = 0; i < 20; i++) market.step();
    expect(market.price(2)).toBe(gbpusd);
    expect(sent).not.toContain(2);
    runControl('/market/stall', { id: 2, stalled: false });
    for (let i = 0; i < 20; i++) market.step();
    expect(sent).toContain(2);
    expect(control('/market/stall').input.safeParse({ id: 2 }).success).toBe(false);
  });

  it('sets a period’s history to given closes, with nothing older, leaving other periods', async () => {
    const gbpusd = market.byCode('GBPUSD');
    if (!gbpusd) throw new Error('no GBPUSD');
    const hourly = await data(handlers.kline({ forex_id: gbpusd.Id, period: '60min' }, ctx));
    const closes = [1.5, 1.25, 1.75];
    runControl('/market/history', { code: 'GBPUSD', period: '5min', closes });
    const candles = await data(handlers.kline({ forex_id: gbpusd.Id, period: '5min' }, ctx));
    const now = Math.floor(deps.clock.now() / 1000 / 300) * 300;
    expect(candles).toEqual([
      { Time: now - 600, Open: 1.5, High: 1.5, Low: 1.5, Close: 1.5, Volume: 0 },
      { Time: now - 300, Open: 1.5, High: 1.5, Low: 1.25, Close: 1.25, Volume: 0 },
      { Time: now, Open: 1.25, High: 1.75, Low: 1.25, Close: 1.75, Volume: 0 },
    ]);
    const before = (end_time: number) =>
      data(handlers.kline({ forex_id: gbpusd.Id, period: '5min', end_time }, ctx));
    expect(await before(now)).toEqual(candles.slice(0, 2));
    expect(await before(now - 600)).toEqual([]);
    expect(await data(handlers.kline({ forex_id: gbpusd.Id, period: '60min' }, ctx))).toEqual(
      hourly,
    );
    const input = control('/market/history').input;
    for (const body of [
      { code: 'GBPUSD', period: '5min', closes: [] },
      { code: 'GBPUSD', period: '5min', closes: [1, 0] },
      { code: 'GBPUSD', period: '2min', closes: [1] },
      { code: 'GBPUSD', period: '5min', closes: Array(2001).fill(1) },
      { period: '5min', closes: [1] },
    ]) {
      expect(input.safeParse(body).success, JSON.stringify(body).slice(0, 60)).toBe(false);
    }
  });

  it('steps the simulator N times and answers the latest ticks', () => {
    let batches = 0;
    const off = deps.events.on('ticks', () => {
      batches += 1;
    });
    const before = market.price(1);
    const answer = runControl('/market/step', { count: 50 }) as {
      steps: number;
      ticks: QuoteTick[];
    };
    off();
    expect(answer.steps).toBe(50);
    expect(answer.ticks).toEqual(market.lastTicks());
    expect(batches).toBe(50);
    expect(market.price(1)).not.toBe(before);
    const input = control('/market/step').input;
    for (const count of [0, 10_001, 1.5, '5']) {
      expect(input.safeParse({ count }).success, String(count)).toBe(false);
    }
  });
});
