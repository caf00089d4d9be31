// Over 400 lines: one form whose fields, live estimate, confirmation and submit share state.
import {
  ApiError,
  CODE,
  executionPrice,
  formatBalance,
  formatMargin,
  formatPrice,
  type Instrument,
  lotsText,
  NO_VALUE,
  ORDER_MODE,
  type Order,
  type TradeSide,
} from '@pipstream/protocol';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { api } from '../../../api/index.js';
import { useFormat } from '../../../i18n/FormatProvider.js';
import { typedDecimal } from '../../../i18n/format.js';
import { lotCount } from '../../../i18n/lots.js';
import { liveWorker } from '../../../live/bridge.js';
import { useAccount, useMarketClosed, useOrderEstimate, useQuote } from '../../../live/hooks.js';
import { live as liveFigures } from '../../../live/store.js';
import { TRADE_BLOCK_TEXT, tradeBlock, useTradeBlock } from '../../../live/tradability.js';
import { currentTarget, loginFrom, navigate } from '../../../nav/location.js';
import { session, viewerOf } from '../../../state/session.js';
import { setDeviationPips, settings } from '../../../state/settings.js';
import { loadBaseSettings } from '../../../state/site.js';
import { refreshTrading } from '../../../state/trading.js';
import { confirm, confirmAtPrice, showToast } from '../../../state/ui.js';
import { Button } from '../../../ui/Button.js';
import { ChipChoice } from '../../../ui/ChipChoice.js';
import { Field } from '../../../ui/Field.js';
import { Stepper } from '../../../ui/Stepper.js';
import { Switch } from '../../../ui/Switch.js';
import { Tabs } from '../../../ui/Tabs.js';
import { fillNews } from '../../order/fill.js';
import {
  buildOrder,
  canDecrease,
  chosenLeverage,
  type DeviationIssue,
  deviationOf,
  draftAfterSubmit,
  estimateInput,
  type FormField,
  type FormIssue,
  type FormIssues,
  fieldIssues,
  initialDraft,
  leverageChoices,
  MARKET_OPEN,
  type OrderDraft,
  type OrderMode,
  orderRisk,
  readDeviation,
  type SubmitPayload,
  stepDraftLots,
  summarize,
  tidyLots,
  tidyPrice,
  usesLeverage,
} from './form.js';

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

const SIDE_TEXT: Record<TradeSide, string> = { buy: 'web.trade.buy', sell: 'web.trade.sell' };

/** The text of each deviation issue (keys spelled out so the locale check finds them). */
const DEVIATION_TEXT: Record<DeviationIssue, string> = {
  required: 'web.trade.errors.required',
  not_a_number: 'web.trade.errors.not_a_number',
  deviation_out_of_range: 'web.order_question.deviation_out_of_range',
};

/** A requote: the upstream refused the confirmed price as too far from its own. */
function requoteOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.code === CODE.REQUOTE ? error.msg : undefined;
}

/** A figure of the order's money at risk; a P&L (`pnl`) is coloured by its sign. */
function RiskFigure({
  label,
  value,
  testId,
  pnl = false,
}: {
  readonly label: string;
  readonly value: number | null;
  readonly testId: string;
  readonly pnl?: boolean;
}) {
  const { decimal } = useFormat();
  const tone = !pnl || value === null || value === 0 ? '' : value > 0 ? ' trade-up' : ' trade-down';
  return (
    <div>
      <dt>{label}</dt>
      <dd className={`num${tone}`} data-testid={testId}>
        {decimal(value === null ? NO_VALUE : formatBalance(value))}
      </dd>
    </div>
  );
}

export interface OrderFormProps {
  readonly instrument: Instrument;
  /** False while the screen is hidden: the worker then stops estimating. */
  readonly active: boolean;
}

/** The leverage choices as a radio group, or why there is none to make. */
function LeverageChoice({
  instrument,
  value,
  onChange,
}: {
  readonly instrument: Instrument;
  readonly value: number | null;
  readonly onChange: (leverage: number) => void;
}) {
  const { t } = useTranslation();
  const { decimal } = useFormat();
  const choices = leverageChoices(instrument);
  if (choices.length === 0) {
    // docs/product.md#validation: the warning shows; pressing buy or sell repeats it and sends
    // nothing.
    return (
      <p className="form-warning" role="note">
        {t('web.trade.leverage_not_configured')}
      </p>
    );
  }
  if (!usesLeverage(instrument)) {
    return (
      <p className="form-note">
        {t('web.trade.fixed_margin', { amount: decimal(formatMargin(instrument.FixedMargin)) })}
      </p>
    );
  }
  return (
    <div className="leverage">
      <ChipChoice
        label={t('web.trade.leverage')}
        choices={choices.map((choice) => ({
          value: choice,
          label: t('web.trade.leverage_value', { value: choice }),
        }))}
        value={value}
        onChange={onChange}
      />
    </div>
  );
}

/**
 * The order form of docs/product.md#states and #validation: market or pending, lots, leverage,
 * optional stop loss and take profit, the live estimate, and buy / sell. Keyed by instrument: a new
 * instrument starts a fresh form.
 */
export function OrderForm({ instrument, active }: OrderFormProps) {
  const { t } = useTranslation();
  const { decimal, language } = useFormat();
  const viewer = viewerOf(useSnapshot(session));
  const quote = useQuote(instrument.Id);
  const account = useAccount();
  const estimate = useOrderEstimate();
  const [draft, setDraft] = useState<OrderDraft>(() => initialDraft(instrument));
  /** Fields left at least once: their own checks show from then on. */
  const [touched, setTouched] = useState<ReadonlySet<FormField>>(() => new Set());
  /** The issues of the last refused press, until their field is edited. */
  const [refused, setRefused] = useState<FormIssues>({});
  const [busy, setBusy] = useState(false);

  const marketPrice = quote?.close ?? instrument.ForexQuotations.Close;
  // The market's status as its quotes tell it, the trade list's until they do.
  const closed = useMarketClosed(instrument.Id, instrument.MarketStatus !== MARKET_OPEN);
  const open = !closed;
  const leverage = chosenLeverage(draft, instrument);
  const block = useTradeBlock(instrument.Id, closed);
  const { deviationPips: keptDeviation } = useSnapshot(settings);
  const [deviationText, setDeviationText] = useState(() => String(deviationOf(keptDeviation)));
  const typedDeviation = readDeviation(deviationText);
  const buyPriceId = useId();
  const sellPriceId = useId();
  /** The price each side would fill at now (arithmetic/execution.ts), as shown on its button. */
  const sidePrice = (side: TradeSide) =>
    formatPrice(executionPrice(side, marketPrice), instrument.PricePrecision);

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

  const edit = (patch: Partial<OrderDraft>, field?: FormField) => {
    setDraft((old) => ({ ...old, ...patch }));
    if (field && refused[field]) setRefused(({ [field]: _, ...rest }) => rest);
  };
  const leave = (field: FormField, patch?: Partial<OrderDraft>) => {
    if (patch) setDraft((old) => ({ ...old, ...patch }));
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
        ? { mode, targetPrice: formatPrice(marketPrice, instrument.PricePrecision) }
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
      marketPrice,
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
      setDraft(draftAfterSubmit);
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
  const risk = orderRisk(draft, instrument, quote?.close);

  const shownEstimate = estimate?.instrumentId === instrument.Id ? estimate : undefined;
  const pending = draft.mode === ORDER_MODE.PENDING;

  return (
    <div className="order-form-body">
      <Tabs
        className="order-mode"
        label={t('web.trade.mode')}
        items={[
          { value: ORDER_MODE.MARKET as OrderMode, label: t('web.trade.mode_market') },
          { value: ORDER_MODE.PENDING as OrderMode, label: t('web.trade.mode_pending') },
        ]}
        value={draft.mode}
        onChange={chooseMode}
      />
      {pending && (
        <Field
          label={t('web.trade.target_price')}
          inputMode="decimal"
          autoComplete="off"
          value={draft.targetPrice}
          error={issueOf('targetPrice')}
          onChange={(event) => edit({ targetPrice: event.target.value }, 'targetPrice')}
          onBlur={() =>
            leave('targetPrice', {
              targetPrice: tidyPrice(draft.targetPrice, instrument.PricePrecision),
            })
          }
        />
      )}
      <div>
        <Stepper
          label={t('web.trade.lots')}
          value={typedDecimal(draft.lots, language)}
          error={issueOf('lots')}
          canDecrease={canDecrease(draft.lots, instrument)}
          decreaseLabel={t('web.trade.lots_decrease')}
          increaseLabel={t('web.trade.lots_increase')}
          onChange={(lots) => edit({ lots }, 'lots')}
          onStep={(direction) =>
            edit({ lots: stepDraftLots(draft.lots, instrument, direction) }, 'lots')
          }
          onBlur={() => leave('lots', { lots: tidyLots(draft.lots, instrument) })}
        />
        <p className="field-hint">
          {t('web.trade.lots_hint', {
            min: decimal(lotsText(instrument.ForexMinCont)),
            step: decimal(lotsText(instrument.Pip)),
          })}
        </p>
      </div>
      <LeverageChoice
        instrument={instrument}
        value={leverage}
        onChange={(value) => edit({ leverage: value })}
      />
      {!pending && (
        <div>
          <Stepper
            label={t('web.order_question.deviation')}
            value={deviationText}
            error={deviationError}
            canDecrease={typeof typedDeviation === 'number' && typedDeviation >= 1}
            decreaseLabel={t('web.order_question.deviation_decrease')}
            increaseLabel={t('web.order_question.deviation_increase')}
            onChange={editDeviation}
            onStep={(direction) => {
              const from = typeof typedDeviation === 'number' ? typedDeviation : deviationOf(null);
              editDeviation(String(Math.max(0, Math.round(from) + direction)));
            }}
            onBlur={() => setTouched((old) => new Set(old).add('deviation'))}
          />
          <p className="field-hint">{t('web.order_question.deviation_hint')}</p>
        </div>
      )}
      <div className="stop-level">
        <Switch
          label={t('web.trade.stop_loss')}
          checked={draft.stopLossOn}
          onChange={(stopLossOn) => edit({ stopLossOn }, 'stopLoss')}
        />
        {draft.stopLossOn && (
          <Field
            label={t('web.trade.stop_loss_price')}
            inputMode="decimal"
            autoComplete="off"
            value={draft.stopLoss}
            error={issueOf('stopLoss')}
            onChange={(event) => edit({ stopLoss: event.target.value }, 'stopLoss')}
            onBlur={() =>
              leave('stopLoss', { stopLoss: tidyPrice(draft.stopLoss, instrument.PricePrecision) })
            }
          />
        )}
      </div>
      <div className="stop-level">
        <Switch
          label={t('web.trade.take_profit')}
          checked={draft.takeProfitOn}
          onChange={(takeProfitOn) => edit({ takeProfitOn }, 'takeProfit')}
        />
        {draft.takeProfitOn && (
          <Field
            label={t('web.trade.take_profit_price')}
            inputMode="decimal"
            autoComplete="off"
            value={draft.takeProfit}
            error={issueOf('takeProfit')}
            onChange={(event) => edit({ takeProfit: event.target.value }, 'takeProfit')}
            onBlur={() =>
              leave('takeProfit', {
                takeProfit: tidyPrice(draft.takeProfit, instrument.PricePrecision),
              })
            }
          />
        )}
      </div>
      {/* Not aria-live: these move with every tick, which would talk over everything else. */}
      <dl className="order-figures">
        <div>
          <dt>{t('web.trade.estimated_margin')}</dt>
          <dd className="num" data-testid="trade-estimate-margin">
            {decimal(shownEstimate?.marginText ?? NO_VALUE)}
          </dd>
        </div>
        <div>
          <dt>{t('web.trade.estimated_fee')}</dt>
          <dd className="num" data-testid="trade-estimate-fee">
            {decimal(shownEstimate?.feeText ?? NO_VALUE)}
          </dd>
        </div>
        <div>
          <dt>{t('web.trade.available')}</dt>
          <dd className="num" data-testid="trade-available">
            {decimal(account?.freeMarginText ?? NO_VALUE)}
          </dd>
        </div>
        <RiskFigure
          label={t('web.risk_figures.pip_value')}
          value={risk.pipValue}
          testId="trade-pip-value"
        />
        {draft.stopLossOn && (
          <RiskFigure
            label={t('web.risk_figures.at_stop_loss')}
            value={risk.stopLoss}
            testId="trade-pnl-at-stop-loss"
            pnl
          />
        )}
        {draft.takeProfitOn && (
          <RiskFigure
            label={t('web.risk_figures.at_take_profit')}
            value={risk.takeProfit}
            testId="trade-pnl-at-take-profit"
            pnl
          />
        )}
      </dl>
      {shownEstimate?.affordable === false && (
        <p className="form-warning" role="status">
          {t('web.trade.not_affordable')}
        </p>
      )}
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
      {closed ? (
        // Nothing to press on a closed market: the buttons give way to the word, like the header.
        <p className="order-actions order-closed" data-testid="trade-closed">
          {t('web.trade.market_closed')}
        </p>
      ) : (
        <div className="order-actions">
          {(['buy', 'sell'] as const).map((side) => (
            <div key={side} className="order-side">
              {/* The price each side fills at: a description of its button, read with it. */}
              <span
                id={side === 'buy' ? buyPriceId : sellPriceId}
                className={block ? 'order-side-price num is-delayed' : 'order-side-price num'}
                data-testid={`${side}-price`}
              >
                {decimal(sidePrice(side))}
              </span>
              <Button
                variant={side}
                block
                disabled={block !== null}
                busy={busy}
                aria-describedby={side === 'buy' ? buyPriceId : sellPriceId}
                onClick={() => void press(side)}
              >
                {t(SIDE_TEXT[side])}
              </Button>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
