import type { Order } from '@pipstream/protocol';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.js';
import { Field } from '../../ui/Field.js';
import { Modal } from '../../ui/Modal.js';
import { parseStopInput, stopInputOf } from './order-view.js';

export interface StopsDialogProps {
  readonly order: Order;
  /** Saves the prices (0 turns one off); resolves true when saved, which closes the dialog. */
  readonly onSave: (takeProfit: number, stopLoss: number) => Promise<boolean>;
  readonly onDismiss: () => void;
}

/**
 * Changes a holding order's take profit and stop loss (SPEC §4): two prices, 0 or empty for
 * off, never below 0 (SPEC §5). Whether a price is on the right side of the market is the
 * server's to say; its message is toasted.
 */
export function StopsDialog({ order, onSave, onDismiss }: StopsDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const hintId = useId();
  const [takeProfit, setTakeProfit] = useState(() => stopInputOf(order, order.TargetProfitPrice));
  const [stopLoss, setStopLoss] = useState(() => stopInputOf(order, order.TargetLossPrice));
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);

  const profitValue = parseStopInput(takeProfit);
  const lossValue = parseStopInput(stopLoss);
  const invalid = t('web.order.stop_invalid');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (profitValue === null || lossValue === null) return;
    setSaving(true);
    const saved = await onSave(profitValue, lossValue);
    setSaving(false);
    if (saved) onDismiss();
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
        <Field
          label={t('web.order.take_profit')}
          inputMode="decimal"
          autoComplete="off"
          value={takeProfit}
          placeholder={t('web.order.off')}
          onChange={(event) => setTakeProfit(event.target.value)}
          error={checked && profitValue === null ? invalid : undefined}
          data-autofocus
        />
        <Field
          label={t('web.order.stop_loss')}
          inputMode="decimal"
          autoComplete="off"
          value={stopLoss}
          placeholder={t('web.order.off')}
          onChange={(event) => setStopLoss(event.target.value)}
          error={checked && lossValue === null ? invalid : undefined}
        />
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
