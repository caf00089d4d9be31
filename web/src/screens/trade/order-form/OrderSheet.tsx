import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.js';
import { Modal } from '../../../ui/Modal.js';

export interface OrderSheetProps {
  /** The instrument's ShowCode, in the title. */
  readonly code: string;
  readonly onClose: () => void;
  /** The order's fields and figures: the same form the upright screen shows. */
  readonly children: ReactNode;
}

/**
 * The order details in a bottom sheet, opened from the bar (docs/product.md#order-details): it
 * edits the form itself, so closing it, however, keeps every value; Buy and Sell on the bar send
 * the order.
 */
export function OrderSheet({ code, onClose, children }: OrderSheetProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const hintId = useId();
  return (
    <Modal placement="bottom" labelledBy={titleId} describedBy={hintId} onClose={onClose}>
      <div className="order-sheet">
        <div className="order-sheet-head">
          <h2 id={titleId} className="stops-title">
            {t('web.order_details.title', { code })}
          </h2>
          <Button variant="secondary" onClick={onClose}>
            {t('web.order_details.done')}
          </Button>
        </div>
        <div className="order-sheet-body">
          <p id={hintId} className="form-note">
            {t('web.order_details.hint', { code })}
          </p>
          <div className="order-form-body">{children}</div>
        </div>
      </div>
    </Modal>
  );
}
