import {
  checkStopLevels,
  formatBalance,
  NO_VALUE,
  type Order,
  orderPnl,
  pipValue,
  sideOf,
} from '@pipstream/protocol';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useFormat } from '../../i18n/FormatProvider.js';
import { useQuote } from '../../live/hooks.js';
import { trailingStops } from '../../state/trailing-state.js';
import { Button } from '../../ui/Button.js';
import { Field } from '../../ui/Field.js';
import { Modal } from '../../ui/Modal.js';
import { Switch } from '../../ui/Switch.js';
import { orderPrice, parseStopInput, stopInputOf } from './order-view.js';
import { saveTrailing } from './trailing-actions.js';
import {
  readTrailing,
  sameTrailing,
  TRAILING_BOUNDS,
  type TrailingInputs,
  trailingInputsOf,
} from './trailing-form.js';

export interface StopsDialogProps {
  readonly order: Order;
  /** Saves the prices (0 turns one off); resolves true when saved, which closes the dialog. */
  readonly onSave: (takeProfit: number, stopLoss: number) => Promise<boolean>;
  readonly onDismiss: () => void;
}

/**
 * The price the levels are checked against, as the upstream checks them: a holding's current
 * price, a pending order's target (it opens there). `undefined` while no quote is known.
 */
function referencePrice(order: Order, quote: number | undefined): number | undefined {
  return order.Status === 0 ? order.Price : quote;
}

/**
 * Changes a holding order's take profit and stop loss (docs/product.md#states): two prices, 0 or
 * empty for off, never below 0 (docs/product.md#validation). The sheet shows the live price they
 * are checked against, and refuses a level on the wrong side of it (one that would close the order
 * at once) before sending, with the protocol's `checkStopLevels`, the rule the upstream applies.
 * A holding's trailing stop is set or turned off here too (docs/product.md#trailing-stop): kept
 * on the device, so a sheet that changed only it sends nothing.
 */
export function StopsDialog({ order, onSave, onDismiss }: StopsDialogProps) {
  const { t } = useTranslation();
  const { decimal } = useFormat();
  const titleId = useId();
  const hintId = useId();
  const quote = useQuote(order.ForexId);
  const reference = referencePrice(order, quote?.close);
  const side = sideOf(order.OrderType);
  const [takeProfit, setTakeProfit] = useState(() => stopInputOf(order, order.TargetProfitPrice));
  const [stopLoss, setStopLoss] = useState(() => stopInputOf(order, order.TargetLossPrice));
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const holding = order.Status === 1;
  const trailingNow = useSnapshot(trailingStops).byOrder[order.Id];
  const [trail, setTrail] = useState<TrailingInputs>(() => trailingInputsOf(trailingNow));
  const trailing = readTrailing(trail);
  const pipsError = (field: 'distance' | 'step') =>
    t('web.trailing.range', {
      min: decimal(String(TRAILING_BOUNDS[field].min)),
      max: decimal(String(TRAILING_BOUNDS[field].max)),
    });

  const profitValue = parseStopInput(takeProfit);
  const lossValue = parseStopInput(stopLoss);
  const invalid = t('web.order.stop_invalid');
  const sides =
    reference === undefined
      ? {}
      : checkStopLevels(side, reference, {
          stopLoss: lossValue ?? 0,
          takeProfit: profitValue ?? 0,
        });
  const profitWrong = sides.takeProfit !== undefined;
  const lossWrong = sides.stopLoss !== undefined;
  const profitError =
    profitValue === null
      ? invalid
      : profitWrong
        ? t('web.trade.errors.take_profit_wrong_side')
        : undefined;
  const lossError =
    lossValue === null
      ? invalid
      : lossWrong
        ? t('web.trade.errors.stop_loss_wrong_side')
        : undefined;

  // The money at stake at each level, as the order stands (its open price and lots), and what
  // one pip of it is worth: what setting the level means, before it is saved.
  const pnlAt = (level: number | null) =>
    level === null || !(level > 0) ? NO_VALUE : decimal(formatBalance(orderPnl(order, level)));
  const pip = pipValue(
    order.Quantity,
    order.ForexTradeLists.ForexContNum,
    order.ForexTradeLists.PricePrecision,
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (profitValue === null || lossValue === null || profitWrong || lossWrong) return;
    if (trailing.distanceWrong || trailing.stepWrong) return;
    const levelsChanged =
      profitValue !== order.TargetProfitPrice || lossValue !== order.TargetLossPrice;
    const trailingChanged = !sameTrailing(trailing.choice, trailingNow ?? null);
    // A sheet that changed only the trailing stop sends nothing: the device keeps it.
    if (holding && trailingChanged && !levelsChanged) {
      if (saveTrailing(order, trailing.choice, true)) onDismiss();
      return;
    }
    setSaving(true);
    const saved = await onSave(profitValue, lossValue);
    setSaving(false);
    if (!saved) return;
    // Saved with the levels, a trailing stop starts again from the stop loss saved.
    if (holding && (trailing.choice !== null || trailingChanged)) {
      saveTrailing(order, trailing.choice, false);
    }
    onDismiss();
  };

  return (
    <Modal placement="center" labelledBy={titleId} describedBy={hintId} onClose={onDismiss}>
      <form className="form-stack stops-form" onSubmit={submit} noValidate>
        <h2 id={titleId} className="stops-title">
          {t('web.order.stops_title', { code: order.ForexTradeLists.ShowCode })}
        </h2>
        <p id={hintId} className="form-note">
          {t('web.order.stops_hint')}
        </p>
        <p className="stops-reference">
          <span>
            {order.Status === 0 ? t('web.order.target_price') : t('web.order.current_price')}
          </span>
          <span className="num" data-testid="stops-reference">
            {reference === undefined ? NO_VALUE : decimal(orderPrice(order, reference))}
          </span>
        </p>
        <p className="form-note">
          {side === 'buy' ? t('web.stops_sheet.rule_buy') : t('web.stops_sheet.rule_sell')}
        </p>
        <Field
          label={t('web.order.take_profit')}
          inputMode="decimal"
          autoComplete="off"
          value={takeProfit}
          placeholder={t('web.order.off')}
          onChange={(event) => setTakeProfit(event.target.value)}
          error={checked ? profitError : undefined}
          data-autofocus
        />
        <Field
          label={t('web.order.stop_loss')}
          inputMode="decimal"
          autoComplete="off"
          value={stopLoss}
          placeholder={t('web.order.off')}
          onChange={(event) => setStopLoss(event.target.value)}
          error={checked ? lossError : undefined}
        />
        <dl className="stops-risk">
          <div>
            <dt>{t('web.risk_figures.at_take_profit')}</dt>
            <dd className="num" data-testid="stops-pnl-at-take-profit">
              {pnlAt(profitValue)}
            </dd>
          </div>
          <div>
            <dt>{t('web.risk_figures.at_stop_loss')}</dt>
            <dd className="num" data-testid="stops-pnl-at-stop-loss">
              {pnlAt(lossValue)}
            </dd>
          </div>
          <div>
            <dt>{t('web.risk_figures.pip_value')}</dt>
            <dd className="num" data-testid="stops-pip-value">
              {decimal(formatBalance(pip))}
            </dd>
          </div>
        </dl>
        {holding && (
          <fieldset className="stops-trailing">
            <legend>{t('web.trailing.title')}</legend>
            <Switch
              label={t('web.trailing.enable')}
              checked={trail.on}
              onChange={(on) => setTrail({ ...trail, on })}
            />
            <p className="form-note">{t('web.trailing.hint')}</p>
            {trail.on && (
              <div className="stops-trailing-fields">
                <Field
                  label={t('web.trailing.distance')}
                  inputMode="decimal"
                  autoComplete="off"
                  value={trail.distance}
                  onChange={(event) => setTrail({ ...trail, distance: event.target.value })}
                  error={checked && trailing.distanceWrong ? pipsError('distance') : undefined}
                />
                <Field
                  label={t('web.trailing.step')}
                  inputMode="decimal"
                  autoComplete="off"
                  value={trail.step}
                  onChange={(event) => setTrail({ ...trail, step: event.target.value })}
                  error={checked && trailing.stepWrong ? pipsError('step') : undefined}
                />
              </div>
            )}
          </fieldset>
        )}
        <div className="confirm-actions">
          <Button variant="secondary" onClick={onDismiss}>
            {t('web.common.cancel')}
          </Button>
          <Button type="submit" busy={saving}>
            {t('web.order.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
