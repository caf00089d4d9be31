import {
  executionPrice,
  formatMargin,
  formatPrice,
  type Instrument,
  NO_VALUE,
  ORDER_MODE,
  type TradeSide,
} from '@pipstream/protocol';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { api } from '../../../api/index.js';
import { loginFrom } from '../../../app/guard.js';
import { currentTarget, navigate } from '../../../app/location.js';
import { useFormat } from '../../../i18n/FormatProvider.js';
import { liveWorker } from '../../../live/bridge.js';
import { useAccount, useOrderEstimate, useQuote } from '../../../live/hooks.js';
import { live as liveFigures } from '../../../live/store.js';
import { TRADE_BLOCK_TEXT, tradeBlock, useTradeBlock } from '../../../live/tradability.js';
import { session, viewerOf } from '../../../state/session.js';
import { loadBaseSettings } from '../../../state/site.js';
import { refreshTrading } from '../../../state/trading.js';
import { confirm, showToast } from '../../../state/ui.js';
import { Button } from '../../../ui/Button.js';
import { ChipChoice } from '../../../ui/ChipChoice.js';
import { Field } from '../../../ui/Field.js';
import { Stepper } from '../../../ui/Stepper.js';
import { Switch } from '../../../ui/Switch.js';
import { Tabs } from '../../../ui/Tabs.js';
import {
  buildOrder,
  canDecrease,
  chosenLeverage,
  draftAfterSubmit,
  estimateInput,
  type FormField,
  type FormIssue,
  type FormIssues,
  fieldIssues,
  formatLots,
  initialDraft,
  isMarketOpen,
  leverageChoices,
  type OrderDraft,
  type OrderMode,
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
    // SPEC §5: the warning shows; pressing buy or sell repeats it and sends nothing.
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
 * The order form of SPEC §4 and §5: market or pending, lots, leverage, optional stop loss and
 * take profit, the live estimate, and buy / sell. Keyed by instrument: a new instrument starts
 * a fresh form.
 */
export function OrderForm({ instrument, active }: OrderFormProps) {
  const { t } = useTranslation();
  const { decimal } = useFormat();
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
  const open = isMarketOpen(instrument);
  const leverage = chosenLeverage(draft, instrument);
  const block = useTradeBlock(instrument.Id, open);
  const buyPriceId = useId();
  const sellPriceId = useId();
  /** The price each side would fill at now (arithmetic/execution.ts), as shown on its button. */
  const sidePrice = (side: TradeSide) =>
    formatPrice(executionPrice(side, marketPrice), instrument.PricePrecision);

  // The fee of the estimate follows the site's trade_fee_type (base settings): a visitor's app
  // has not read them yet (see app/after-first-screen.ts).
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
      min: decimal(formatLots(instrument.ForexMinCont, instrument)),
      step: decimal(formatLots(instrument.Pip, instrument)),
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

  const confirmText = (payload: SubmitPayload, shown: string) => {
    const summary = summarize(payload, instrument);
    const off = t('web.trade.confirm_off');
    return t('web.trade.confirm_order', {
      side: t(SIDE_TEXT[summary.side]),
      lots: decimal(summary.lots),
      code: instrument.ShowCode,
      price:
        summary.targetPrice === null
          ? t('web.executable.confirm_at_price', { price: decimal(shown) })
          : t('web.trade.confirm_at_price', { price: decimal(summary.targetPrice) }),
      leverage:
        summary.leverage === null
          ? t('web.trade.confirm_fixed_margin')
          : t('web.trade.confirm_leverage', { value: summary.leverage }),
      stopLoss: summary.stopLoss === null ? off : decimal(summary.stopLoss),
      takeProfit: summary.takeProfit === null ? off : decimal(summary.takeProfit),
    });
  };

  const press = async (side: TradeSide) => {
    if (!viewer.loggedIn) {
      // SPEC §5: log in, then back here, on the same instrument (the query keeps it).
      navigate(loginFrom(currentTarget()));
      return;
    }
    // The price on the button when it was pressed: what the order asks to fill at.
    const shown = sidePrice(side);
    const check = buildOrder(draft, side, instrument, marketPrice);
    if (!check.ok) {
      if (check.reason === 'leverage_not_configured') {
        showToast(t('web.trade.leverage_not_configured'), 'error');
      } else if (check.reason === 'invalid') {
        setRefused(check.issues);
      }
      return;
    }
    setBusy(true);
    try {
      // This project's choice: an order moves money at once, so it is confirmed first with
      // everything it will be placed with.
      const confirmed = await confirm({
        message: confirmText(check.payload, shown),
        confirmLabel: t('web.trade.confirm'),
        cancelLabel: t('web.common.cancel'),
        danger: false,
      });
      if (!confirmed) return;
      // The prices may have gone stale while the question was open: nothing is sent then.
      const blocked = tradeBlock(
        liveFigures.connection.state,
        liveFigures.quotes[instrument.Id]?.delayed ?? true,
        open,
      );
      if (blocked) {
        showToast(t(TRADE_BLOCK_TEXT[blocked]), 'error');
        return;
      }
      const market = check.payload.status === ORDER_MODE.MARKET;
      // The API layer shows the loading indicator and the server's success message. A market
      // order fills at the price shown, or is refused when that price is no longer quoted.
      await api.call('submit', market ? { ...check.payload, price: Number(shown) } : check.payload);
      setDraft(draftAfterSubmit);
      setTouched(new Set());
      setRefused({});
      void refreshTrading();
    } catch {
      // Refusals and network failures were toasted by the API layer; the form stays as it was.
    } finally {
      setBusy(false);
    }
  };

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
          value={draft.lots}
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
            min: decimal(formatLots(instrument.ForexMinCont, instrument)),
            step: decimal(formatLots(instrument.Pip, instrument)),
          })}
        </p>
      </div>
      <LeverageChoice
        instrument={instrument}
        value={leverage}
        onChange={(value) => edit({ leverage: value })}
      />
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
    </div>
  );
}
