import { formatBalance, type Instrument, NO_VALUE } from '@pipstream/protocol';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/FormatProvider.js';
import { useAccount, useOrderEstimate, useQuote } from '../../../live/hooks.js';
import { type OrderDraft, orderRisk } from './form.js';

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

export interface OrderFiguresProps {
  readonly instrument: Instrument;
  readonly draft: OrderDraft;
}

/**
 * What the order would cost and risk (docs/product.md#trusting-live-figures): the worker's
 * margin and fee estimate, the free margin, one pip's worth and the P&L at each level on, and a
 * warning when the free margin does not cover it.
 */
export function OrderFigures({ instrument, draft }: OrderFiguresProps) {
  const { t } = useTranslation();
  const { decimal } = useFormat();
  // They move with every tick, so they subscribe here, not in the form: a tick re-renders
  // these figures alone. Their words are looked up once per language, as i18next's t costs
  // tens of microseconds a call on a phone.
  const words = useMemo(
    () => ({
      margin: t('web.trade.estimated_margin'),
      fee: t('web.trade.estimated_fee'),
      available: t('web.trade.available'),
      pipValue: t('web.risk_figures.pip_value'),
      atStopLoss: t('web.risk_figures.at_stop_loss'),
      atTakeProfit: t('web.risk_figures.at_take_profit'),
      notAffordable: t('web.trade.not_affordable'),
    }),
    [t],
  );
  const quote = useQuote(instrument.Id);
  const account = useAccount();
  const estimate = useOrderEstimate();
  const risk = orderRisk(draft, instrument, quote?.close);
  const shownEstimate = estimate?.instrumentId === instrument.Id ? estimate : undefined;

  return (
    <>
      {/* Not aria-live: these move with every tick, which would talk over everything else. */}
      <dl className="order-figures">
        <div>
          <dt>{words.margin}</dt>
          <dd className="num" data-testid="trade-estimate-margin">
            {decimal(shownEstimate?.marginText ?? NO_VALUE)}
          </dd>
        </div>
        <div>
          <dt>{words.fee}</dt>
          <dd className="num" data-testid="trade-estimate-fee">
            {decimal(shownEstimate?.feeText ?? NO_VALUE)}
          </dd>
        </div>
        <div>
          <dt>{words.available}</dt>
          <dd className="num" data-testid="trade-available">
            {decimal(account?.freeMarginText ?? NO_VALUE)}
          </dd>
        </div>
        <RiskFigure label={words.pipValue} value={risk.pipValue} testId="trade-pip-value" />
        {draft.stopLossOn && (
          <RiskFigure
            label={words.atStopLoss}
            value={risk.stopLoss}
            testId="trade-pnl-at-stop-loss"
            pnl
          />
        )}
        {draft.takeProfitOn && (
          <RiskFigure
            label={words.atTakeProfit}
            value={risk.takeProfit}
            testId="trade-pnl-at-take-profit"
            pnl
          />
        )}
      </dl>
      {shownEstimate?.affordable === false && (
        <p className="form-warning" role="status">
          {words.notAffordable}
        </p>
      )}
    </>
  );
}
