/**
 * A trading service over in-memory SQLite and the real market service (never started: prices
 * move only when a test sets them), with the calls run as the dispatcher runs them.
 */
import { fromMicros } from '../../arithmetic/money.js';
import type { ResponseOf } from '../../routes/define.js';
import { routes } from '../../routes/table.js';
import type { MockOptions } from '../config.js';
import type { MockEventMap } from '../events.js';
import { type CallContext, type Caller, Reply } from '../http/handler.js';
import { createMarketService } from '../market/service.js';
import type { MessageKey } from '../messages.js';
import { Refusal } from '../refusal.js';
import { createLedger } from '../services/ledger.js';
import { ctxFor, insertUser, makeDeps } from '../test-support.js';
import { createTradingService, type TradingHandlers } from './api.js';

type Name = keyof TradingHandlers;

/** What a handler answered: `data` as the response schema reads it, and its success message. */
export interface Answer<N extends Name> {
  data: ResponseOf<(typeof routes)[N]>;
  msg: MessageKey | undefined;
}

/** Starting prices set by `setup`, so figures in tests are round. */
export const START = { EURUSD: 1.1, GBPUSD: 1.25, XAGUSD: 30 } as const;

/** A fresh trading service; `feeType` is the base settings' trade_fee_type it reads. */
export function setup(options: Partial<MockOptions> = {}, feeType = 0) {
  const deps = makeDeps({ historyCandles: 10, ...options });
  const ledger = createLedger(deps);
  const market = createMarketService(deps);
  const fee = { type: feeType };
  const service = createTradingService(deps, ledger, market, () => fee.type);
  const holdings: MockEventMap['holdings'][] = [];
  const closed: MockEventMap['closed'][] = [];
  deps.events.on('holdings', (event) => holdings.push(event));
  deps.events.on('closed', (event) => closed.push(event));

  function id(code: string): number {
    const instrument = market.byCode(code);
    if (!instrument) throw new Error(`no instrument ${code}`);
    return instrument.Id;
  }

  function setPrice(code: string, price: number): void {
    market.setPrice(id(code), price);
  }

  for (const [code, price] of Object.entries(START)) setPrice(code, price);

  function ctx(caller: Caller): CallContext {
    return ctxFor(caller, 'en', deps.clock.now());
  }

  /** Runs a call as the dispatcher would: request schema in, response schema out. */
  async function call<N extends Name>(
    name: N,
    caller: Caller,
    raw: unknown = {},
  ): Promise<Answer<N>> {
    const route = routes[name];
    const handler = service.handlers[name] as (input: unknown, ctx: CallContext) => unknown;
    const out = await handler(route.request.parse(raw), ctx(caller));
    const reply = out instanceof Reply ? out : undefined;
    return {
      data: route.response.parse(reply ? reply.data : out) as ResponseOf<(typeof routes)[N]>,
      msg: reply?.key,
    };
  }

  /** The refusal a call answers with (fails the test when it succeeds). */
  async function refusal(name: Name, caller: Caller, raw: unknown = {}): Promise<Refusal> {
    try {
      await call(name, caller, raw);
    } catch (error) {
      if (error instanceof Refusal) return error;
      throw error;
    }
    throw new Error(`expected ${name} to be refused`);
  }

  /** A market or pending order on EURUSD with round defaults, overridable field by field. */
  function submit(caller: Caller, fields: Record<string, unknown> = {}) {
    return call('submit', caller, {
      type: 1,
      cont: 1,
      forex_id: id('EURUSD'),
      status: 1,
      multiple: 100,
      ...fields,
    });
  }

  /** Balance and frozen balance as canonical decimal strings. */
  function money(caller: Caller) {
    const { balance, lock } = ledger.balances(caller.id);
    return { balance: fromMicros(balance), lock: fromMicros(lock) };
  }

  /** Ledger rows of a user, oldest first. */
  function ledgerRows(caller: Caller) {
    return deps.db
      .prepare(
        'SELECT type, value_micros AS value, memo_key AS key, memo_params AS params FROM ledger WHERE user_id = ? ORDER BY id',
      )
      .safeIntegers()
      .all(caller.id) as { type: bigint; value: bigint; key: string; params: string }[];
  }

  /** The stored row of an order. */
  function row(orderId: number) {
    return deps.db.prepare('SELECT * FROM orders WHERE id = ?').get(orderId) as {
      status: number;
      price: number;
      update_price: number;
      profit_micros: number;
      close_reason: string | null;
      created_at: number;
      completed_at: number | null;
      stop_loss: number;
      take_profit: number;
    };
  }

  return {
    deps,
    ledger,
    market,
    service,
    fee,
    events: { holdings, closed },
    id,
    setPrice,
    call,
    refusal,
    submit,
    money,
    ledgerRows,
    row,
    user: (opts?: Parameters<typeof insertUser>[1]) => insertUser(deps, opts),
  };
}

export type Harness = ReturnType<typeof setup>;
