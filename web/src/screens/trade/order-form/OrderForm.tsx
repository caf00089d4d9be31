// Over 400 lines: one form whose fields, confirmation and submit share state. What ticks (the
// figures, the buttons' prices) subscribes in OrderFigures and OrderBar, so a tick never renders it.
import {
  ApiError,
  CODE,
  formatPrice,
  type Instrument,
  lotsText,
  ORDER_MODE,
  type Order,
  type OrderDetailsAccount,
  type TradeSide,
} from '@pipstream/protocol';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { api } from '../../../api/index.js';
import { useFormat } from '../../../i18n/FormatProvider.js';
import { lotCount } from '../../../i18n/lots.js';
import { liveWorker } from '../../../live/bridge.js';
import { useMarketClosed } from '../../../live/hooks.js';
import { live as liveFigures } from '../../../live/store.js';
import { TRADE_BLOCK_TEXT, tradeBlock, useTradeBlock } from '../../../live/tradability.js';
import { currentTarget, loginFrom, navigate } from '../../../nav/location.js';
import { orderDetailsBook } from '../../../state/order-details.js';
import { session, viewerOf } from '../../../state/session.js';
import { setDeviationPips, settings } from '../../../state/settings.js';
import { loadBaseSettings } from '../../../state/site.js';
import { refreshTrading } from '../../../state/trading.js';
import { confirm, confirmAtPrice, showToast } from '../../../state/ui.js';
import { fillNews } from '../../order/fill.js';
import { detailsOfDraft, draftFromDetails } from './details.js';
import {
  buildOrder,
  chosenLeverage,
  type DeviationIssue,
  deviationOf,
  estimateInput,
  type FormField,
  type FormIssue,
  type FormIssues,
  fieldIssues,
  MARKET_OPEN,
  type OrderDraft,
  type OrderMode,
  readDeviation,
  type SubmitPayload,
  summarize,
} from './form.js';
import { OrderBar, SIDE_TEXT } from './OrderBar.js';
import { OrderFields } from './OrderFields.js';
import { OrderFigures } from './OrderFigures.js';
import { OrderSheet } from './OrderSheet.js';

/** The text of each issue (keys spelled out so the locale check finds them). */
const ISSUE_TEXT: Record<FormIssue, string> = {
  required: 'web.trade.errors.required',
  not_a_number: 'web.trade.errors.not_a_number',
  lots_not_positive: 'web.trade.errors.lots_not_positive',
  lots_below_minimum: 'web.trade.errors.lots_below_minimum',
  lots_off_step: 'web.trade.errors.lots_off_step',
  price_not_positive: 'web.trade.errors.price_not_positive',
  price_negative: 'web.trade.errors.price_negative',
  stop_loss_wrong_side: 'web.trade.errors.stop_loss_wrong_side',
  take_profit_wrong_side: 'web.trade.errors.take_profit_wrong_side',
};

/** The text of each deviation issue (keys spelled out so the locale check finds them). */
const DEVIATION_TEXT: Record<DeviationIssue, string> = {
  required: 'web.trade.errors.required',
  not_a_number: 'web.trade.errors.not_a_number',
  deviation_out_of_range: 'web.order_question.deviation_out_of_range',
};

/**
 * The live price at the moment it is needed, read rather than subscribed to: the form
 * re-renders when the trader edits it, never on a tick (what ticks, the figures and the buttons'
 * prices, subscribes on its own). The trade list's price until a live one comes.
 */
function livePrice(instrument: Instrument): number {
  return liveFigures.quotes[instrument.Id]?.close ?? instrument.ForexQuotations.Close;
}

/** A requote: the upstream refused the confirmed price as too far from its own. */
function requoteOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.code === CODE.REQUOTE ? error.msg : undefined;
}

export interface OrderFormProps {
  readonly instrument: Instrument;
  /** False while the screen is hidden: the worker then stops estimating. */
  readonly active: boolean;
}

/**
 * The order form of docs/product.md#states and #validation, with its details remembered per
 * instrument (#order-details). Keyed by instrument, and here by the kind of account: each starts
 * from what was kept for it.
 */
export function OrderForm(props: OrderFormProps) {
  const viewer = viewerOf(useSnapshot(session));
  const account: OrderDetailsAccount = viewer.demo ? 'demo' : 'real';
  return <AccountOrderForm key={account} account={account} {...props} />;
}

/**
 * The form for one kind of account: market or pending, lots, leverage, optional stop loss and
 * take profit, the live estimate, and the bar with buy / sell, whose details control opens the
 * same fields in a sheet (the only way to them from the full-screen chart).
 */
function AccountOrderForm({
  instrument,
  active,
  account,
}: OrderFormProps & { readonly account: OrderDetailsAccount }) {
  const { t } = useTranslation();
  const { decimal, language } = useFormat();
  const viewer = viewerOf(useSnapshot(session));
  /** Rebuilds the form from what the device kept for this instrument, at the price now. */
  const keptDraft = () =>
    draftFromDetails(
      orderDetailsBook.get(account, instrument.Id),
      instrument,
      livePrice(instrument),
    );
  const [draft, setDraft] = useState<OrderDraft>(keptDraft);
  /** Whether the trader changed the form: only their own choices are kept. */
  const edited = useRef(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  /** Fields left at least once: their own checks show from then on. */
  const [touched, setTouched] = useState<ReadonlySet<FormField>>(() => new Set());
  /** The issues of the last refused press, until their field is edited. */
  const [refused, setRefused] = useState<FormIssues>({});
  const [busy, setBusy] = useState(false);

  // The market's status as its quotes tell it, the trade list's until they do.
  const closed = useMarketClosed(instrument.Id, instrument.MarketStatus !== MARKET_OPEN);
  const open = !closed;
  const leverage = chosenLeverage(draft, instrument);
  const block = useTradeBlock(instrument.Id, closed);
  const { deviationPips: keptDeviation } = useSnapshot(settings);
  const [deviationText, setDeviationText] = useState(() => String(deviationOf(keptDeviation)));
  const typedDeviation = readDeviation(deviationText);

  // The fee of the estimate follows the site's trade_fee_type (base settings): a visitor's app
  // has not read them yet (see app/stored-login.ts).
  useEffect(() => {
    loadBaseSettings().catch(() => undefined);
  }, []);

  // The worker estimates margin and fee from the form as it stands, while the screen is shown.
  const estimateKey = JSON.stringify(estimateInput(draft, instrument));
  useEffect(() => {
    if (!active) return;
    const worker = liveWorker();
    worker.setOrderForm(JSON.parse(estimateKey)).catch(() => undefined);
    return () => {
      worker.setOrderForm(null).catch(() => undefined);
    };
  }, [active, estimateKey]);

  // What the trader chose is kept for the instrument as soon as it changes (levels as distances
  // from the price now).
  useEffect(() => {
    if (!edited.current) return;
    const before = orderDetailsBook.get(account, instrument.Id);
    orderDetailsBook.keep(
      account,
      instrument.Id,
      detailsOfDraft(draft, instrument, livePrice(instrument), before),
    );
  }, [draft, account, instrument]);

  const edit = (patch: Partial<OrderDraft>, field?: FormField) => {
    edited.current = true;
    setDraft((old) => ({ ...old, ...patch }));
    if (field && refused[field]) setRefused(({ [field]: _, ...rest }) => rest);
  };
  const leave = (field: FormField, patch?: Partial<OrderDraft>) => {
    if (patch) {
      edited.current = true;
      setDraft((old) => ({ ...old, ...patch }));
    }
    setTouched((old) => (old.has(field) ? old : new Set(old).add(field)));
  };

  const live = fieldIssues(draft, instrument);
  const issueOf = (field: FormField): string | undefined => {
    const issue = refused[field] ?? (touched.has(field) ? live[field] : undefined);
    if (!issue) return undefined;
    return t(ISSUE_TEXT[issue], {
      min: lotCount(instrument.ForexMinCont, language, t),
      step: decimal(lotsText(instrument.Pip)),
    });
  };

  const chooseMode = (mode: OrderMode) => {
    // A pending order starts from the live price: the user adjusts rather than types it all.
    const prefill = mode === ORDER_MODE.PENDING && draft.targetPrice.trim() === '';
    edit(
      prefill
        ? { mode, targetPrice: formatPrice(livePrice(instrument), instrument.PricePrecision) }
        : { mode },
      'targetPrice',
    );
  };

  const confirmText = (payload: SubmitPayload) => {
    const summary = summarize(payload, instrument);
    const off = t('web.trade.confirm_off');
    return t('web.trade.confirm_order', {
      side: t(SIDE_TEXT[summary.side]),
      lots: lotCount(Number(summary.lots), language, t),
      code: instrument.ShowCode,
      price:
        summary.targetPrice === null
          ? t('web.order_question.at_market_price')
          : t('web.trade.confirm_at_price', { price: decimal(summary.targetPrice) }),
      leverage:
        summary.leverage === null
          ? t('web.trade.confirm_fixed_margin')
          : t('web.trade.confirm_leverage', { value: summary.leverage }),
      stopLoss: summary.stopLoss === null ? off : decimal(summary.stopLoss),
      takeProfit: summary.takeProfit === null ? off : decimal(summary.takeProfit),
    });
  };

  /** Why trading is paused now (read at the moment, not at the last render), toasted. */
  const pausedNow = (): boolean => {
    const quoteNow = liveFigures.quotes[instrument.Id];
    const blocked = tradeBlock(
      liveFigures.connection.state,
      quoteNow?.delayed ?? true,
      !(quoteNow?.closed ?? closed),
    );
    if (blocked) showToast(t(TRADE_BLOCK_TEXT[blocked]), 'error');
    return blocked !== null;
  };

  /** Tells an order the upstream took: a fill with its price (and slippage), or a pending one. */
  const tellPlaced = (order: Order, confirmedPrice: number | undefined) => {
    const news = fillNews(order, confirmedPrice);
    const params = {
      code: order.ForexTradeLists.ShowCode,
      side: t(SIDE_TEXT[news.side]),
      lots: lotCount(Number(news.lots), language, t),
      price: decimal(news.price),
    };
    if (news.kind === 'pending') {
      showToast(t('web.order_fill.pending', params), 'success');
    } else if (news.slippage === null) {
      showToast(t('web.order_fill.filled', params), 'success');
    } else {
      const slippage = t(
        news.slippage.against ? 'web.order_fill.slippage_against' : 'web.order_fill.slippage_for',
        { pips: decimal(news.slippage.pips) },
      );
      showToast(
        t('web.order_fill.filled_slipped', {
          ...params,
          confirmed: decimal(news.slippage.confirmed),
          slippage,
        }),
        'success',
      );
    }
  };

  const press = async (side: TradeSide) => {
    if (!viewer.loggedIn) {
      // docs/product.md#validation: log in, then back here, on the same instrument (the query keeps
      // it).
      navigate(loginFrom(currentTarget()));
      return;
    }
    const check = buildOrder(
      draft,
      side,
      { ...instrument, MarketStatus: open ? 1 : 0 },
      livePrice(instrument),
    );
    if (!check.ok) {
      if (check.reason === 'leverage_not_configured') {
        showToast(t('web.trade.leverage_not_configured'), 'error');
      } else if (check.reason === 'invalid') {
        setRefused(check.issues);
      }
      return;
    }
    const market = check.payload.status === ORDER_MODE.MARKET;
    if (market && typeof typedDeviation !== 'number') {
      setTouched((old) => new Set(old).add('deviation'));
      return;
    }
    const deviation = typeof typedDeviation === 'number' ? typedDeviation : 0;
    setBusy(true);
    try {
      // This project's choice: an order moves money at once, so it is confirmed first with
      // everything it will be placed with. A market order is confirmed at the live price the
      // question shows, ticking; a requote asks again, at the price it names.
      let notice: string | undefined;
      for (;;) {
        const question = {
          message: confirmText(check.payload),
          confirmLabel: t('web.trade.confirm'),
          cancelLabel: t('web.common.cancel'),
          danger: false,
          notice,
        };
        const confirmedPrice = market
          ? await confirmAtPrice({
              ...question,
              price: {
                instrumentId: instrument.Id,
                pricePrecision: instrument.PricePrecision,
                deviationPips: deviation,
              },
            })
          : (await confirm(question))
            ? undefined
            : null;
        if (confirmedPrice === null) return;
        // The prices may have gone stale while the question was open: nothing is sent then.
        if (pausedNow()) return;
        let order: Order;
        try {
          // The API layer shows the loading indicator; the order is told here, by its fill.
          order = await api.call(
            'submit',
            confirmedPrice === undefined
              ? check.payload
              : { ...check.payload, price: confirmedPrice, deviation },
          );
        } catch (error) {
          // A requote names the price now: asked again. Other refusals and failures were
          // toasted by the API layer; the form stays as it was.
          notice = requoteOf(error);
          if (notice === undefined) return;
          continue;
        }
        tellPlaced(order, confirmedPrice);
        break;
      }
      // The next order starts from the same details, its levels as far from the price now.
      setDraft(keptDraft());
      setTouched(new Set());
      setRefused({});
      void refreshTrading();
    } finally {
      setBusy(false);
    }
  };

  const deviationError =
    typeof typedDeviation === 'number' || !touched.has('deviation')
      ? undefined
      : t(DEVIATION_TEXT[typedDeviation]);
  const editDeviation = (text: string) => {
    setDeviationText(text);
    const pips = readDeviation(text);
    // Kept on the device as soon as it is a deviation: closes on Orders go with it too.
    if (typeof pips === 'number') setDeviationPips(pips);
  };

  const fields = (
    <>
      <OrderFields
        instrument={instrument}
        draft={draft}
        leverage={leverage}
        issueOf={issueOf}
        edit={edit}
        leave={leave}
        chooseMode={chooseMode}
        deviation={{
          text: deviationText,
          typed: typedDeviation,
          error: deviationError,
          edit: editDeviation,
          leave: () => setTouched((old) => new Set(old).add('deviation')),
        }}
      />
      <OrderFigures instrument={instrument} draft={draft} />
    </>
  );

  return (
    <div className="order-form-body">
      {/* Under the sheet while it is open: one set of the fields at a time is in reach. */}
      <div className="order-form-fields" inert={sheetOpen}>
        {fields}
      </div>
      {!open && (
        <p className="form-warning" role="status" data-testid="trade-market-closed">
          {t('web.trade.market_closed_note')}
        </p>
      )}
      {block && block !== 'market_closed' && (
        <p className="form-warning" role="status" data-testid="trade-blocked">
          {t(TRADE_BLOCK_TEXT[block])}
        </p>
      )}
      <OrderBar
        instrument={instrument}
        draft={draft}
        closed={closed}
        block={block}
        busy={busy}
        onPress={(side) => void press(side)}
        onDetails={() => setSheetOpen(true)}
      />
      {sheetOpen && (
        <OrderSheet code={instrument.ShowCode} onClose={() => setSheetOpen(false)}>
          {fields}
        </OrderSheet>
      )}
    </div>
  );
}
