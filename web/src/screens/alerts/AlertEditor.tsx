import { ALERT_KINDS, type AlertKind, decimalsOf, MAX_ALERTS, NO_VALUE } from '@pipstream/protocol';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useFormat } from '../../i18n/FormatProvider.js';
import { useQuote } from '../../live/hooks.js';
import { alertEditor, closeAlertEditor } from '../../state/alert-editor.js';
import { alertBook, alerts } from '../../state/alerts.js';
import { market } from '../../state/market.js';
import { showToast } from '../../state/ui.js';
import { Button } from '../../ui/Button.js';
import { ChipChoice } from '../../ui/ChipChoice.js';
import { Field } from '../../ui/Field.js';
import { Modal } from '../../ui/Modal.js';
import { type AlertFormError, alertInputOf, readAlertForm } from './alert-form.js';

/** The locale key of each kind's choice and of each refusal (spelled out for the locale check). */
const KIND_TEXT = {
  above: 'web.alerts.kinds.above',
  below: 'web.alerts.kinds.below',
  move: 'web.alerts.kinds.move',
} as const satisfies Record<AlertKind, string>;

const ERROR_TEXT = {
  price: 'web.alerts.errors.price',
  percent: 'web.alerts.errors.percent',
  reached: 'web.alerts.errors.reached',
  moved: 'web.alerts.errors.moved',
  no_quote: 'web.alerts.errors.no_quote',
} as const satisfies Record<AlertFormError, string>;

/**
 * The price alert editor (opened from the trade screen, a long press on a quote, or the alert
 * list): above or below a price, or the day's change reaching a percentage. It shows the live
 * price the level is checked against and refuses one already reached.
 */
export default function AlertEditor() {
  const { target } = useSnapshot(alertEditor);
  if (target === null) return null;
  // Keyed by what it edits: another target starts a fresh form.
  return (
    <AlertForm
      key={`${target.instrumentId}:${target.alertId ?? ''}`}
      instrumentId={target.instrumentId}
      alertId={target.alertId}
    />
  );
}

function AlertForm({
  instrumentId,
  alertId,
}: {
  readonly instrumentId: number;
  readonly alertId: string | undefined;
}) {
  const { t } = useTranslation();
  const { decimal } = useFormat();
  const titleId = useId();
  const { instruments } = useSnapshot(market);
  const { list } = useSnapshot(alerts);
  const editing = alertId === undefined ? undefined : list.find((alert) => alert.id === alertId);
  const instrument = instruments.find((entry) => entry.Id === instrumentId);
  const code = instrument?.ShowCode ?? editing?.code ?? NO_VALUE;
  const quote = useQuote(instrumentId);
  const [kind, setKind] = useState<AlertKind>(editing?.condition.kind ?? 'above');
  const [value, setValue] = useState(() => (editing ? alertInputOf(editing.condition) : ''));
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readAlertForm(kind, value, quote);
    if ('error' in read) {
      setError(t(ERROR_TEXT[read.error]));
      return;
    }
    const precision =
      instrument?.PricePrecision ?? editing?.precision ?? decimalsOf(quote?.close ?? 0);
    const refused = alertBook.save({ id: instrumentId, code, precision }, read.condition, alertId);
    if (refused === 'full') {
      setError(t('web.alerts.errors.full', { max: MAX_ALERTS }));
      return;
    }
    showToast(t('web.alerts.saved'), 'success');
    closeAlertEditor();
  };

  return (
    <Modal placement="bottom" labelledBy={titleId} onClose={closeAlertEditor}>
      <form className="form-stack alert-form" onSubmit={submit} noValidate>
        <h2 id={titleId} className="stops-title">
          {t(editing ? 'web.alerts.edit_title' : 'web.alerts.new_title', { code })}
        </h2>
        <p className="stops-reference">
          <span>{t('web.order.current_price')}</span>
          <span className="num" data-testid="alert-reference">
            {quote ? `${decimal(quote.closeText)} · ${decimal(quote.changeText)}` : NO_VALUE}
          </span>
        </p>
        <ChipChoice
          label={t('web.alerts.kind')}
          choices={ALERT_KINDS.map((choice) => ({ value: choice, label: t(KIND_TEXT[choice]) }))}
          value={kind}
          onChange={(choice) => {
            setKind(choice);
            setError(undefined);
          }}
        />
        <Field
          label={kind === 'move' ? t('web.alerts.percent') : t('web.alerts.price')}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
          error={error}
          data-autofocus
        />
        <div className="confirm-actions">
          <Button variant="secondary" onClick={closeAlertEditor}>
            {t('web.common.cancel')}
          </Button>
          <Button type="submit">{t('web.alerts.save')}</Button>
        </div>
      </form>
    </Modal>
  );
}
