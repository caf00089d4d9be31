import { formatMargin, type Instrument, lotsText, ORDER_MODE } from '@pipstream/protocol';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/FormatProvider.js';
import { typedDecimal } from '../../../i18n/format.js';
import { ChipChoice } from '../../../ui/ChipChoice.js';
import { Field } from '../../../ui/Field.js';
import { Stepper } from '../../../ui/Stepper.js';
import { Switch } from '../../../ui/Switch.js';
import { Tabs } from '../../../ui/Tabs.js';
import {
  canDecrease,
  type DeviationIssue,
  deviationOf,
  type FormField,
  leverageChoices,
  type OrderDraft,
  type OrderMode,
  stepDraftLots,
  tidyLots,
  tidyPrice,
  usesLeverage,
} from './form.js';

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

/** The deviation field's state, owned by the form (it is kept as the trader's setting). */
export interface DeviationInput {
  readonly text: string;
  readonly typed: number | DeviationIssue;
  readonly error: string | undefined;
  readonly edit: (text: string) => void;
  readonly leave: () => void;
}

export interface OrderFieldsProps {
  readonly instrument: Instrument;
  readonly draft: OrderDraft;
  /** The leverage the order goes with (form.ts `chosenLeverage`). */
  readonly leverage: number | null;
  /** The message a field shows now, if any. */
  readonly issueOf: (field: FormField) => string | undefined;
  readonly edit: (patch: Partial<OrderDraft>, field?: FormField) => void;
  readonly leave: (field: FormField, patch?: Partial<OrderDraft>) => void;
  readonly chooseMode: (mode: OrderMode) => void;
  readonly deviation: DeviationInput;
}

/**
 * The order's details (docs/product.md#states and #validation): market or pending, lots,
 * leverage, deviation, and optional stop loss and take profit. Shown in the upright form and in
 * the details sheet, both editing the one form.
 */
export function OrderFields({
  instrument,
  draft,
  leverage,
  issueOf,
  edit,
  leave,
  chooseMode,
  deviation,
}: OrderFieldsProps) {
  const { t } = useTranslation();
  const { decimal, language } = useFormat();
  const pending = draft.mode === ORDER_MODE.PENDING;
  const typedDeviation = deviation.typed;

  return (
    <>
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
            value={deviation.text}
            error={deviation.error}
            canDecrease={typeof typedDeviation === 'number' && typedDeviation >= 1}
            decreaseLabel={t('web.order_question.deviation_decrease')}
            increaseLabel={t('web.order_question.deviation_increase')}
            onChange={deviation.edit}
            onStep={(direction) => {
              const from = typeof typedDeviation === 'number' ? typedDeviation : deviationOf(null);
              deviation.edit(String(Math.max(0, Math.round(from) + direction)));
            }}
            onBlur={deviation.leave}
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
    </>
  );
}
