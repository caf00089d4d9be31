import {
  executionPrice,
  formatPrice,
  type Instrument,
  NO_VALUE,
  type TradeSide,
} from '@pipstream/protocol';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/FormatProvider.js';
import { lotCount } from '../../../i18n/lots.js';
import { useQuote } from '../../../live/hooks.js';
import type { TradeBlock } from '../../../live/tradability.js';
import { Button } from '../../../ui/Button.js';
import { Icon } from '../../../ui/Icon.js';
import { summarizeDraft } from './details.js';
import { type OrderDraft, usesLeverage } from './form.js';

export const SIDE_TEXT: Record<TradeSide, string> = {
  buy: 'web.trade.buy',
  sell: 'web.trade.sell',
};

export interface OrderBarProps {
  readonly instrument: Instrument;
  readonly draft: OrderDraft;
  readonly closed: boolean;
  /** Why trading is paused now, if it is. */
  readonly block: TradeBlock | null;
  readonly busy: boolean;
  readonly onPress: (side: TradeSide) => void;
  /** Opens the details sheet. */
  readonly onDetails: () => void;
}

/**
 * The parts of the order's summary, each a figure that stays whole: lots, leverage, a pending
 * order's target, and each level on.
 */
function useSummaryParts(instrument: Instrument, draft: OrderDraft): string[] {
  const { t } = useTranslation();
  const { decimal, language } = useFormat();
  const summary = summarizeDraft(draft, instrument, usesLeverage(instrument));
  const parts = [summary.lots === null ? NO_VALUE : lotCount(summary.lots, language, t)];
  if (summary.leverage !== null) {
    parts.push(t('web.trade.leverage_value', { value: summary.leverage }));
  }
  if (summary.targetPrice !== null) {
    parts.push(t('web.order_details.summary_pending', { price: decimal(summary.targetPrice) }));
  }
  if (summary.stopLoss !== null) {
    parts.push(t('web.order_details.summary_stop_loss', { price: decimal(summary.stopLoss) }));
  }
  if (summary.takeProfit !== null) {
    parts.push(t('web.order_details.summary_take_profit', { price: decimal(summary.takeProfit) }));
  }
  return parts;
}

/**
 * The price `side` fills at now (arithmetic/execution.ts), a description of its button. It
 * ticks, so it is its own component: a tick re-renders this, not the bar or the form.
 */
function SidePrice({
  id,
  instrument,
  side,
  delayed,
}: {
  readonly id: string;
  readonly instrument: Instrument;
  readonly side: TradeSide;
  readonly delayed: boolean;
}) {
  const { decimal } = useFormat();
  const price = useQuote(instrument.Id)?.close ?? instrument.ForexQuotations.Close;
  return (
    <span
      id={id}
      className={delayed ? 'order-side-price num is-delayed' : 'order-side-price num'}
      data-testid={`${side}-price`}
    >
      {decimal(formatPrice(executionPrice(side, price), instrument.PricePrecision))}
    </span>
  );
}

/**
 * Buy and Sell always in reach (docs/product.md#order-details): a bar at the bottom of the trade
 * screen with the order's details summed up, opening them in a sheet, and Buy and Sell, each
 * with the price it fills at. A closed market shows the word instead of the buttons.
 */
export function OrderBar({
  instrument,
  draft,
  closed,
  block,
  busy,
  onPress,
  onDetails,
}: OrderBarProps) {
  const { t } = useTranslation();
  const buyPriceId = useId();
  const sellPriceId = useId();
  const parts = useSummaryParts(instrument, draft);

  return (
    <div className="order-actions">
      <button
        type="button"
        className="order-details-button"
        aria-haspopup="dialog"
        aria-label={t('web.order_details.open', { summary: parts.join(' · ') })}
        onClick={onDetails}
        data-testid="order-details-summary"
      >
        <span className="order-details-summary">
          {parts.map((part) => (
            <span key={part} className="order-details-part">
              {part}
            </span>
          ))}
        </span>
        <Icon name="settings" size={18} />
      </button>
      {closed ? (
        // Nothing to press on a closed market: the buttons give way to the word, like the header.
        <p className="order-closed" data-testid="trade-closed">
          {t('web.trade.market_closed')}
        </p>
      ) : (
        (['buy', 'sell'] as const).map((side) => (
          <div key={side} className="order-side">
            <SidePrice
              id={side === 'buy' ? buyPriceId : sellPriceId}
              instrument={instrument}
              side={side}
              delayed={block !== null}
            />
            <Button
              variant={side}
              block
              disabled={block !== null}
              busy={busy}
              aria-describedby={side === 'buy' ? buyPriceId : sellPriceId}
              onClick={() => onPress(side)}
            >
              {t(SIDE_TEXT[side])}
            </Button>
          </div>
        ))
      )}
    </div>
  );
}
