import {
  formatBalance,
  formatMargin,
  lotsText,
  NO_VALUE,
  type Order,
  sideOf,
} from '@pipstream/protocol';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/FormatProvider.js';
import { useHolding } from '../../live/hooks.js';
import { TRADE_BLOCK_TEXT, useTradeBlock } from '../../live/tradability.js';
import { Button } from '../../ui/Button.js';
import { IconButton } from '../../ui/IconButton.js';
import { Modal } from '../../ui/Modal.js';
import { slippageOf } from './fill.js';
import { CloseReasonFigure, Figure, type RowActions, TrailingFigure } from './OrderRows.js';
import { orderFee, orderPrice, pnlTone, statusKey, stopPrice } from './order-view.js';

export interface OrderDetailProps extends Omit<RowActions, 'onOpen'> {
  readonly order: Order;
  readonly onDismiss: () => void;
}

/**
 * Every field of an order (docs/product.md#entities), as a bottom sheet. A holding order's price
 * and P&L are live. The screen closes it when a FOREX_CLOSED push names the order
 * (docs/product.md#states).
 */
export function OrderDetail({
  order,
  onDismiss,
  onClose,
  onCancel,
  onStops,
  busyId,
}: OrderDetailProps) {
  const { t } = useTranslation();
  const { decimal, dateTime } = useFormat();
  const titleId = useId();
  const holding = order.Status === 1;
  const pending = order.Status === 0;
  const live = useHolding(holding ? order.Id : -1);
  const pnl = live?.pnl ?? order.FactProfits;
  const stop = (value: number) => {
    const price = stopPrice(order, value);
    return price === null ? t('web.order.off') : decimal(price);
  };
  const busy = busyId === order.Id;
  const fee = orderFee(order);
  // A market fill away from the price asked (the one the trader confirmed) says by how much.
  const slippage = pending ? null : slippageOf(order, order.OriginPrice);
  const block = useTradeBlock(order.ForexId);
  const paused = holding && block !== null;

  return (
    <Modal placement="bottom" labelledBy={titleId} onClose={onDismiss}>
      <div className="drawer-head">
        <h2 id={titleId}>{t('web.order.detail_title')}</h2>
        <IconButton icon="close" label={t('web.common.close')} onClick={onDismiss} />
      </div>
      <div className="drawer-body orders-detail">
        <dl className="orders-detail-list">
          <Figure label={t('web.order.product')}>{order.ForexTradeLists.ShowCode}</Figure>
          <Figure label={t('web.order.order_id')}>{order.Id}</Figure>
          <Figure label={t('web.order.status_label')}>{t(statusKey(order.Status))}</Figure>
          <Figure label={t('web.order.direction')}>
            <span className={`orders-side orders-side-${sideOf(order.OrderType)}`}>
              {sideOf(order.OrderType) === 'buy' ? t('web.order.buy') : t('web.order.sell')}
            </span>
          </Figure>
          <Figure label={t('web.order.lots')}>{decimal(lotsText(order.Quantity))}</Figure>
          <Figure label={t('web.order.leverage')}>
            {t('web.order.leverage_value', { value: order.Multiple })}
          </Figure>
          <Figure label={pending ? t('web.order.target_price') : t('web.order.open_price')}>
            {decimal(orderPrice(order, order.Price))}
          </Figure>
          <Figure label={t('web.order.origin_price')}>
            {decimal(orderPrice(order, order.OriginPrice))}
          </Figure>
          {slippage && (
            <Figure label={t('web.order_fill.slippage')}>
              <span data-testid="order-slippage">
                {t(
                  slippage.against
                    ? 'web.order_fill.slippage_against'
                    : 'web.order_fill.slippage_for',
                  { pips: decimal(slippage.pips) },
                )}
              </span>
            </Figure>
          )}
          <Figure label={holding ? t('web.order.current_price') : t('web.order.latest_price')}>
            {decimal(live?.priceText ?? orderPrice(order, order.UpdatePrice))}
          </Figure>
          <Figure label={t('web.order.pnl')}>
            <span className={pnlTone(pnl)}>
              {decimal(live?.pnlText ?? formatBalance(order.FactProfits))}
            </span>
          </Figure>
          <Figure label={t('web.order.margin')}>{decimal(formatMargin(order.CautionMoney))}</Figure>
          <Figure label={t('web.order.fee')}>{fee === null ? NO_VALUE : decimal(fee)}</Figure>
          <Figure label={t('web.order.take_profit')}>{stop(order.TargetProfitPrice)}</Figure>
          <Figure label={t('web.order.stop_loss')}>{stop(order.TargetLossPrice)}</Figure>
          {holding && <TrailingFigure order={order} />}
          <Figure label={t('web.order.open_time')}>{dateTime(order.CreateTimeHandler)}</Figure>
          <Figure label={t('web.order.close_time')}>{dateTime(order.CompleteTimeHandler)}</Figure>
          <CloseReasonFigure order={order} />
        </dl>
        {paused && block && (
          <p className="form-warning" role="status">
            {t(TRADE_BLOCK_TEXT[block])}
          </p>
        )}
      </div>
      {(holding || pending) && (
        <div className="orders-actions orders-detail-actions">
          {holding && (
            <>
              <Button
                variant="secondary"
                busy={busy}
                disabled={paused}
                onClick={() => onStops(order)}
              >
                {t('web.order.set_stops')}
              </Button>
              <Button variant="danger" busy={busy} disabled={paused} onClick={() => onClose(order)}>
                {t('web.order.close')}
              </Button>
            </>
          )}
          {pending && (
            <Button variant="danger" busy={busy} onClick={() => onCancel(order)}>
              {t('web.order.cancel_order')}
            </Button>
          )}
        </div>
      )}
    </Modal>
  );
}
