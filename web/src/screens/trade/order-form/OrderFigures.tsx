import { formatBalance, type Instrument, NO_VALUE } from '@pipstream/protocol';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/FormatProvider.js';
import { useAccount, useOrderEstimate } from '../../../live/hooks.js';
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
  /** The live price, `undefined` until one is known. */
  readonly livePrice: number | undefined;
}

/**
 * What the order would cost and risk (docs/product.md#trusting-live-figures): the worker's
 * margin and fee estimate, the free margin, one pip's worth and the P&L at each level on, and a
 * warning when the free margin does not cover it.
 */
export function OrderFigures({ instrument, draft, livePrice }: OrderFiguresProps) {
  const { t } = useTranslation();
  const { decimal } = useFormat();
  const account = useAccount();
  const estimate = useOrderEstimate();
  const risk = orderRisk(draft, instrument, livePrice);
  const shownEstimate = estimate?.instrumentId === instrument.Id ? estimate : undefined;

  return (
    <>
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
    </>
  );
}
