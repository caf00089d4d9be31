import { describe, expect, it } from 'vitest';
import { orderSchema } from '../../schemas/order.js';
import { insertUser, makeDeps } from '../test-support.js';
import { CLOSE_REASON, createOrderStore, type NewOrder, toOrder } from './orders-store.js';

function fixture() {
  const deps = makeDeps();
  const user = insertUser(deps);
  const store = createOrderStore(deps.db, () => 100_000);
  const order = (fields: Partial<NewOrder> = {}): NewOrder => ({
    userId: user.id,
    forexId: 1,
    side: 1,
    lots: 0.5,
    status: 1,
    price: 1.1,
    originPrice: 1.1,
    updatePrice: 1.1,
    placedPrice: 1.1,
    leverage: 100,
    marginMicros: 550_000_000n,
    feeMicros: 550_000n,
    profitMicros: 0n,
    stopLoss: 0,
    takeProfit: 0,
    createdAt: Date.UTC(2026, 0, 2, 3, 4, 5),
    unitsPerLot: 100_000,
    ...fields,
  });
  const count = () =>
    (deps.db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n;
  return { deps, user, store, order, count };
}

describe('order store', () => {
  it('indexes open orders by id, instrument and user, and loads them back', () => {
    const { deps, user, store, order } = fixture();
    const a = store.transaction(() => store.insert(order()));
    const b = store.transaction(() => store.insert(order({ forexId: 2, status: 0 })));
    expect(store.open(a.id)).toBe(a);
    expect([...(store.openOn(2) ?? [])]).toEqual([b]);
    expect(store.openOf(user.id).map((o) => o.id)).toEqual([a.id, b.id]);

    const reloaded = createOrderStore(deps.db, () => 100_000);
    expect(reloaded.openOf(user.id)).toEqual([a, b]);
    expect(reloaded.open(a.id)?.marginMicros).toBe(550_000_000n);
  });

  it('takes finished orders out of the book but still finds them', () => {
    const { user, store, order } = fixture();
    const a = store.transaction(() => store.insert(order()));
    store.transaction(() =>
      store.finish(a, {
        status: 3,
        price: 1.2,
        profitMicros: 5_000_000_000n,
        feeMicros: a.feeMicros,
        reason: CLOSE_REASON.MANUAL,
        at: a.createdAt + 1000,
      }),
    );
    expect(store.open(a.id)).toBeUndefined();
    expect(store.openOn(1)).toBeUndefined();
    expect(store.usersWithOpenOrders()).toEqual([]);
    expect(store.find(a.id)).toMatchObject({
      status: 3,
      updatePrice: 1.2,
      completedAt: a.createdAt + 1000,
    });
    expect(store.history(user.id, 1, 10)).toMatchObject({ total: 1, profitMicros: 5_000_000_000n });
  });

  it('reloads the book when a transaction that changed it rolls back', () => {
    const { store, order, count } = fixture();
    const kept = store.transaction(() => store.insert(order()));
    expect(() =>
      store.transaction(() => {
        store.insert(order({ forexId: 3 }));
        store.finish(kept, {
          status: 3,
          price: 1,
          profitMicros: 0n,
          feeMicros: kept.feeMicros,
          reason: CLOSE_REASON.MANUAL,
          at: 0,
        });
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(count()).toBe(1);
    expect(store.openOn(3)).toBeUndefined();
    expect(store.open(kept.id)).toMatchObject({ id: kept.id, status: 1 });
  });

  it('maps an order to the wire shape', () => {
    const { store, order } = fixture();
    const stored = store.transaction(() => store.insert(order({ stopLoss: 1.05 })));
    const instrument = {
      ShowCode: 'EUR/USD',
      Code: 'EURUSD',
      ForexContNum: 100_000,
      PricePrecision: 5,
    };
    const wire = orderSchema.parse(toOrder(stored, instrument));
    expect(wire).toMatchObject({
      Id: stored.id,
      CautionMoney: '550',
      TradeFee: '0.55',
      TargetLossPrice: 1.05,
      CreateTimeHandler: '2026-01-02 03:04:05',
      CompleteTimeHandler: '',
      ForexTradeLists: instrument,
    });
    const live = toOrder(stored, instrument, { price: 1.2, profitMicros: -1_500_000n });
    expect(live).toMatchObject({ UpdatePrice: 1.2, FactProfits: '-1.5' });
  });
});
