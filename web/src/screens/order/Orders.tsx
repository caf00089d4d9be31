import type { Order } from '@pipstream/protocol';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import { api } from '../../api/index.js';
import { useOrderSignals } from '../../live/hooks.js';
import { navigate } from '../../nav/location.js';
import { browserOffline } from '../../state/network.js';
import { keptOrders, refreshTrading, trading } from '../../state/trading.js';
import { PagedBody } from '../../ui/PagedBody.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { PullToRefresh, RefreshButton } from '../../ui/PullToRefresh.js';
import { Tabs } from '../../ui/Tabs.js';
import { useRetryWhenBack } from '../../widgets/back-online.js';
import { DemoBadge } from '../../widgets/DemoBadge.js';
import { LiveStatus } from '../../widgets/LiveStatus.js';
import { type PagedList, usePagedList } from '../../widgets/usePagedList.js';
import { AccountCard } from './AccountCard.js';
import { cancelOrder, closeOrder, saveStops } from './actions.js';
import { CloseAllBar } from './CloseAllBar.js';
import { OrderDetail } from './OrderDetail.js';
import { HistoryRow, HoldingRow, PendingRow, type RowActions } from './OrderRows.js';
import { holdingsDiffer, type OrderTab, tabOf, withoutOrders } from './order-view.js';
import { StopsDialog } from './StopsDialog.js';

/** docs/product.md#states order tabs, by `my_deal` status: holding 1, pending 0, history 3. */
const TABS = [
  { type: 1, labelKey: 'web.order.tabs.holding' },
  { type: 0, labelKey: 'web.order.tabs.pending' },
  { type: 3, labelKey: 'web.order.tabs.history' },
] as const satisfies readonly { type: OrderTab; labelKey: string }[];

const ROW_OF = { 1: HoldingRow, 0: PendingRow, 3: HistoryRow } as const;

/** Order pushes are gathered this long before the list re-reads (this project's choice). */
const SIGNAL_REFRESH_MS = 200;

/** Calls `run` once, `ms` after the last of a burst of `schedule()` calls. */
function useGathered(run: () => unknown, ms: number): () => void {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(), ms);
  }, [ms]);
}

/**
 * Keeps the screen in step with the worker's order signals: orders named by FOREX_CLOSED leave the
 * lists and the detail panel at once (docs/product.md#states), and the list re-reads after any
 * signal.
 */
function useOrderPushes(list: PagedList<Order>, onClosed: (ids: readonly number[]) => void): void {
  const { closedSeq, closedIds, resyncSeq } = useOrderSignals();
  const seen = useRef({ closedSeq, resyncSeq });
  const refreshSoon = useGathered(list.refresh, SIGNAL_REFRESH_MS);
  const closed = useRef(onClosed);
  closed.current = onClosed;

  useEffect(() => {
    if (closedSeq === seen.current.closedSeq) return;
    seen.current.closedSeq = closedSeq;
    closed.current(closedIds);
    refreshSoon();
  }, [closedSeq, closedIds, refreshSoon]);

  useEffect(() => {
    if (resyncSeq === seen.current.resyncSeq) return;
    seen.current.resyncSeq = resyncSeq;
    refreshSoon();
  }, [resyncSeq, refreshSoon]);
}

/**
 * Keeps the holding list in step with the account's own reads (state/account-feed.ts re-reads
 * the holdings on a period and on coming back to the foreground): a take profit or stop loss
 * changed on another device, or a holding gone, reads the list again.
 */
function useHoldingsReadElsewhere(tab: OrderTab, list: PagedList<Order>): void {
  const { holding, loaded } = useSnapshot(trading);
  const refreshSoon = useGathered(list.refresh, SIGNAL_REFRESH_MS);
  const rows = useRef(list.items);
  rows.current = list.items;
  useEffect(() => {
    if (tab === 1 && loaded && holdingsDiffer(rows.current, holding)) refreshSoon();
  }, [tab, loaded, holding, refreshSoon]);
}

/** `/order` (also `/order?type=…`): holding, pending and history orders. */
export default function Orders() {
  const { t } = useTranslation();
  const tab = tabOf(useSearch());
  /** The list shows the open orders this device kept, for want of an answer. */
  const [showsKept, setShowsKept] = useState(false);
  const list = usePagedList<Order>({
    key: String(tab),
    keyOf: (order) => order.Id,
    fetchPage: async (page, signal) => {
      // No network: the open orders this device kept, asking nothing (the call could only fail,
      // and its error toast would be about a failure the copy answers).
      const keptOffline = page === 1 && browserOffline() ? await keptOrders(tab) : undefined;
      if (keptOffline) {
        setShowsKept(true);
        return keptOffline;
      }
      try {
        const answer = await api.call('myDeal', { status: tab, page }, { signal });
        if (page === 1) setShowsKept(false);
        return { rows: answer.data, total: answer.total };
      } catch (error) {
        // The network did not answer: the open orders this device kept, until the list can be
        // read, once the connection is back.
        const kept = page === 1 ? await keptOrders(tab) : undefined;
        if (!kept) throw error;
        setShowsKept(true);
        return kept;
      }
    },
  });
  useRetryWhenBack(showsKept, list.refresh);
  /**
   * Open orders closed or cancelled since the list was read: hidden from the holding and
   * pending lists at once (history shows them, once re-read).
   */
  const [gone, setGone] = useState<ReadonlySet<number>>(() => new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: another tab starts with a new list.
  useEffect(() => setGone(new Set()), [tab]);
  const [detail, setDetail] = useState<Order | null>(null);
  const [stopsFor, setStopsFor] = useState<Order | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  // The account figures on this screen are read afresh when it opens.
  useEffect(() => {
    void refreshTrading();
  }, []);

  const forget = useCallback((ids: readonly number[]) => {
    if (ids.length === 0) return;
    setGone((before) => new Set([...before, ...ids]));
    setDetail((shown) => (shown && ids.includes(shown.Id) ? null : shown));
    setStopsFor((shown) => (shown && ids.includes(shown.Id) ? null : shown));
  }, []);
  useOrderPushes(list, forget);
  useHoldingsReadElsewhere(tab, list);

  // Rows the current lists show for the panel: a re-read brings its new take profit, say.
  const items = useMemo(
    () => (tab === 3 ? list.items : withoutOrders(list.items, gone)),
    [tab, list.items, gone],
  );
  const shownDetail = detail && (items.find((order) => order.Id === detail.Id) ?? detail);

  const act = useCallback(
    async (order: Order, action: (order: Order) => Promise<boolean>, removes: boolean) => {
      setBusyId(order.Id);
      const done = await action(order);
      setBusyId(null);
      if (!done) return;
      if (removes) forget([order.Id]);
      void list.refresh();
    },
    [forget, list.refresh],
  );

  const actions: RowActions = useMemo(
    () => ({
      onOpen: setDetail,
      onClose: (order) => void act(order, closeOrder, true),
      onCancel: (order) => void act(order, cancelOrder, true),
      onStops: (order) => {
        setDetail(null);
        setStopsFor(order);
      },
      busyId,
    }),
    [act, busyId],
  );

  const Row = ROW_OF[tab];
  const tabInfo = TABS.find((item) => item.type === tab) ?? TABS[0];
  const firstLoad = list.page === 0 && list.error !== 'reset';
  const body = (
    <PagedBody list={list} items={items}>
      {(shown) => (
        <ul className="orders-list" aria-label={t(tabInfo.labelKey)}>
          {shown.map((order) => (
            <Row key={order.Id} order={order} {...actions} />
          ))}
        </ul>
      )}
    </PagedBody>
  );

  return (
    <>
      <PageHeader
        title={t('web.order.title')}
        actions={
          <>
            <DemoBadge />
            <LiveStatus />
            <RefreshButton onRefresh={() => Promise.all([list.refresh(), refreshTrading()])} />
          </>
        }
      />
      <AccountCard />
      <Tabs
        label={t('web.order.tabs.label')}
        items={TABS.map((item) => ({ value: item.type, label: t(item.labelKey) }))}
        value={tab}
        // The tab lives in the query, so a reload or a shared link opens the same one.
        onChange={(type) => navigate(`/order?type=${type}`, { replace: true })}
        className="orders-tabs"
      />
      {tab === 1 && (
        <CloseAllBar
          onClosed={(ids) => {
            forget(ids);
            void list.refresh();
          }}
        />
      )}
      <div role="tabpanel" className="orders-panel" aria-busy={list.loading !== null}>
        <PullToRefresh
          disabled={firstLoad}
          onRefresh={() => Promise.all([list.refresh(), refreshTrading()])}
        >
          {body}
        </PullToRefresh>
      </div>
      {shownDetail && (
        <OrderDetail
          order={shownDetail}
          onDismiss={() => setDetail(null)}
          onClose={actions.onClose}
          onCancel={actions.onCancel}
          onStops={actions.onStops}
          busyId={busyId}
        />
      )}
      {stopsFor && (
        <StopsDialog
          order={stopsFor}
          onSave={async (takeProfit, stopLoss) => {
            const saved = await saveStops(stopsFor, takeProfit, stopLoss);
            if (saved) void list.refresh();
            return saved;
          }}
          onDismiss={() => setStopsFor(null)}
        />
      )}
    </>
  );
}
