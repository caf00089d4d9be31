import {
  closeReasonOf,
  formatBalance,
  formatMargin,
  NO_VALUE,
  type Order,
  sideOf,
} from '@pipstream/protocol';
import { memo, type ReactNode, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useFormat } from '../../i18n/FormatProvider.js';
import { lotCount } from '../../i18n/lots.js';
import { useHoldingPaint, useQuote } from '../../live/hooks.js';
import { TRADE_BLOCK_TEXT, useTradeBlock } from '../../live/tradability.js';
import { CLOSE_REASON_TEXT } from '../../state/order-news.js';
import { trailingStops } from '../../state/trailing-state.js';
import { Button } from '../../ui/Button.js';
import { createHoldingPainter, HOLDING_PNL_CLASS, pnlClass } from './figure-paint.js';
import { orderFee, orderPrice, stopPrice } from './order-view.js';

/** What a row can ask of the screen. */
export interface RowActions {
  readonly onOpen: (order: Order) => void;
  readonly onClose: (order: Order) => void;
  readonly onCancel: (order: Order) => void;
  readonly onStops: (order: Order) => void;
  /** The order an action is running for: its buttons are busy. */
  readonly busyId: number | null;
}

interface RowProps extends RowActions {
  readonly order: Order;
}

/** One label and value of a row's figures. */
export function Figure({
  label,
  children,
}: {
  readonly label: string;
  readonly children: ReactNode;
}) {
  return (
    <div className="orders-figure">
      <dt>{label}</dt>
      <dd className="num">{children}</dd>
    </div>
  );
}

/**
 * The head of a row: product, side and lots as the button opening the details (it covers the
 * whole row, so a tap anywhere but the actions opens them), a badge, and the row's key figure.
 */
function RowHead({
  order,
  onOpen,
  badge,
  children,
}: {
  readonly order: Order;
  readonly onOpen: (order: Order) => void;
  readonly badge?: ReactNode;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation();
  const { language } = useFormat();
  const buy = sideOf(order.OrderType) === 'buy';
  return (
    <div className="orders-row-head">
      <button
        type="button"
        className="orders-open"
        aria-haspopup="dialog"
        onClick={() => onOpen(order)}
      >
        <span className="orders-code">{order.ForexTradeLists.ShowCode}</span>{' '}
        <span className={buy ? 'orders-side orders-side-buy' : 'orders-side orders-side-sell'}>
          {buy ? t('web.order.buy') : t('web.order.sell')}
        </span>{' '}
        <span className="orders-lots">{lotCount(order.Quantity, language, t)}</span>
      </button>
      {badge}
      {children}
    </div>
  );
}

/** A row's profit, coloured by its sign. */
function Pnl({
  order,
  value,
  text,
}: {
  readonly order: Order;
  readonly value: number | string;
  readonly text: string;
}) {
  const { t } = useTranslation();
  const { decimal } = useFormat();
  return (
    <span className="orders-key">
      <span className="orders-key-label">{t('web.order.pnl')}</span>
      <span className={pnlClass('num', value)} data-testid={`order-pnl-${order.Id}`}>
        {decimal(text)}
      </span>
    </span>
  );
}

/** A take-profit or stop-loss price, or "Off". */
function StopValue({ order, value }: { readonly order: Order; readonly value: number }) {
  const { t } = useTranslation();
  const { decimal } = useFormat();
  const price = stopPrice(order, value);
  return <>{price === null ? t('web.order.off') : decimal(price)}</>;
}

/** The margin and the stop levels: the figures a holding and a pending order show alike. */
function MarginAndStops({ order }: { readonly order: Order }) {
  const { t } = useTranslation();
  const { decimal } = useFormat();
  return (
    <>
      <Figure label={t('web.order.margin')}>{decimal(formatMargin(order.CautionMoney))}</Figure>
      <Figure label={t('web.order.take_profit')}>
        <StopValue order={order} value={order.TargetProfitPrice} />
      </Figure>
      <Figure label={t('web.order.stop_loss')}>
        <StopValue order={order} value={order.TargetLossPrice} />
      </Figure>
    </>
  );
}

/** A holding's trailing stop, when it has one: its distance and step, in pips. */
export function TrailingFigure({ order }: { readonly order: Order }) {
  const { t } = useTranslation();
  const { decimal } = useFormat();
  const trailing = useSnapshot(trailingStops).byOrder[order.Id];
  if (trailing === undefined) return null;
  return (
    <div className="orders-figure">
      <dt>{t('web.trailing.figure')}</dt>
      <dd className="num" data-testid={`order-trailing-${order.Id}`}>
        {t('web.trailing.figure_value', {
          distance: decimal(String(trailing.distancePips)),
          step: decimal(String(trailing.stepPips)),
        })}
      </dd>
    </div>
  );
}

/** "Trailing" beside a holding's name while its stop loss trails. */
function TrailingBadge({ order }: { readonly order: Order }) {
  const { t } = useTranslation();
  const trailing = useSnapshot(trailingStops).byOrder[order.Id];
  if (trailing === undefined) return null;
  return <span className="orders-badge orders-badge-trailing">{t('web.trailing.badge')}</span>;
}

/**
 * A holding order: live price and P&L from the worker, REST figures until it has them. Ticks
 * never render it: its painter writes both figures into the DOM (see figure-paint.ts), and the
 * texts stay where they were, so screen readers read the row as before.
 */
export const HoldingRow = memo(function HoldingRow({ order, busyId, ...actions }: RowProps) {
  const { t } = useTranslation();
  const { decimal } = useFormat();
  const pnl = useRef<HTMLSpanElement>(null);
  const price = useRef<HTMLElement>(null);
  const paint = useMemo(
    () =>
      createHoldingPainter(
        { pnl, price },
        {
          pnl: order.FactProfits,
          pnlText: formatBalance(order.FactProfits),
          priceText: orderPrice(order, order.UpdatePrice),
        },
        decimal,
      ),
    [order, decimal],
  );
  useHoldingPaint(order.Id, paint);
  const busy = busyId === order.Id;
  // Nothing is closed or changed at a price that may be stale.
  const block = useTradeBlock(order.ForexId);
  return (
    <li className="orders-row" data-testid={`order-row-${order.Id}`}>
      <RowHead order={order} onOpen={actions.onOpen} badge={<TrailingBadge order={order} />}>
        <span className="orders-key">
          <span className="orders-key-label">{t('web.order.pnl')}</span>
          <span ref={pnl} className={HOLDING_PNL_CLASS} data-testid={`order-pnl-${order.Id}`} />
        </span>
      </RowHead>
      <dl className="orders-figures">
        <Figure label={t('web.order.open_price')}>{decimal(orderPrice(order, order.Price))}</Figure>
        <div className="orders-figure">
          <dt>{t('web.order.current_price')}</dt>
          <dd ref={price} className="num" />
        </div>
        <MarginAndStops order={order} />
        <TrailingFigure order={order} />
        <Figure label={t('web.order.leverage')}>
          {t('web.order.leverage_value', { value: order.Multiple })}
        </Figure>
      </dl>
      {block && (
        <p className="form-warning" role="status" data-testid={`order-blocked-${order.Id}`}>
          {t(TRADE_BLOCK_TEXT[block])}
        </p>
      )}
      <div className="orders-actions">
        <Button
          variant="secondary"
          busy={busy}
          disabled={block !== null}
          onClick={() => actions.onStops(order)}
        >
          {t('web.order.set_stops')}
        </Button>
        <Button
          variant="danger"
          busy={busy}
          disabled={block !== null}
          onClick={() => actions.onClose(order)}
        >
          {t('web.order.close')}
        </Button>
      </div>
    </li>
  );
});

/** A pending order: its target price against the live market price. */
export const PendingRow = memo(function PendingRow({ order, busyId, ...actions }: RowProps) {
  const { t } = useTranslation();
  const { decimal, dateTime } = useFormat();
  const quote = useQuote(order.ForexId);
  return (
    <li className="orders-row" data-testid={`order-row-${order.Id}`}>
      <RowHead order={order} onOpen={actions.onOpen}>
        <span className="orders-key">
          <span className="orders-key-label">{t('web.order.target_price')}</span>
          <span className="num">{decimal(orderPrice(order, order.Price))}</span>
        </span>
      </RowHead>
      <dl className="orders-figures">
        <Figure label={t('web.order.current_price')}>
          {quote ? decimal(orderPrice(order, quote.close)) : NO_VALUE}
        </Figure>
        <MarginAndStops order={order} />
        <Figure label={t('web.order.open_time')}>{dateTime(order.CreateTimeHandler)}</Figure>
      </dl>
      <div className="orders-actions">
        <Button variant="danger" busy={busyId === order.Id} onClick={() => actions.onCancel(order)}>
          {t('web.order.cancel_order')}
        </Button>
      </div>
    </li>
  );
});

/** A closed or cancelled order: prices, realised P&L, fee and times. */
export const HistoryRow = memo(function HistoryRow({ order, onOpen }: RowProps) {
  const { t } = useTranslation();
  const { decimal, dateTime } = useFormat();
  const cancelled = order.Status === 4;
  const fee = orderFee(order);
  return (
    <li className="orders-row" data-testid={`order-row-${order.Id}`}>
      <RowHead
        order={order}
        onOpen={onOpen}
        badge={cancelled && <span className="orders-badge">{t('web.order.status.cancelled')}</span>}
      >
        <Pnl order={order} value={order.FactProfits} text={formatBalance(order.FactProfits)} />
      </RowHead>
      <dl className="orders-figures">
        <Figure label={t('web.order.open_price')}>{decimal(orderPrice(order, order.Price))}</Figure>
        <Figure label={t('web.order.close_price')}>
          {cancelled ? NO_VALUE : decimal(orderPrice(order, order.UpdatePrice))}
        </Figure>
        <Figure label={t('web.order.fee')}>{fee === null ? NO_VALUE : decimal(fee)}</Figure>
        <Figure label={t('web.order.open_time')}>{dateTime(order.CreateTimeHandler)}</Figure>
        <Figure label={t('web.order.close_time')}>{dateTime(order.CompleteTimeHandler)}</Figure>
        <CloseReasonFigure order={order} />
      </dl>
    </li>
  );
});

/**
 * Why an order ended, when the upstream says (CloseReason); nothing when it does not, nor for a
 * cancelled order, whose status already says it.
 */
export function CloseReasonFigure({ order }: { readonly order: Order }) {
  const { t } = useTranslation();
  const reason = closeReasonOf(order.CloseReason);
  if (reason === undefined || reason === 'cancelled') return null;
  return (
    <div className="orders-figure">
      <dt>{t('web.close_reason.label')}</dt>
      <dd data-testid={`order-reason-${order.Id}`}>{t(CLOSE_REASON_TEXT[reason])}</dd>
    </div>
  );
}
