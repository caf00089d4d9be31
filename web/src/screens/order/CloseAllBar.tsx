import type { Order } from '@pipstream/protocol';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useFormat } from '../../i18n/FormatProvider.js';
import { lotCount } from '../../i18n/lots.js';
import { trading } from '../../state/trading.js';
import { Button } from '../../ui/Button.js';
import { Modal } from '../../ui/Modal.js';
import { closeAll } from './actions.js';
import { CLOSE_CHOICES, type CloseChoice, type CloseRun } from './close-all.js';

/** The locale key of each choice's button (spelled out for the locale check). */
const CHOICE_TEXT = {
  all: 'web.close_all.all',
  profitable: 'web.close_all.profitable',
  losing: 'web.close_all.losing',
} as const satisfies Record<CloseChoice, string>;

/** The orders that stayed open after a "close all", each with why. */
function FailedCloses({
  run,
  onDismiss,
}: {
  readonly run: CloseRun;
  readonly onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useFormat();
  const titleId = useId();
  return (
    <Modal placement="center" role="alertdialog" labelledBy={titleId} onClose={onDismiss}>
      <h2 id={titleId} className="stops-title">
        {t('web.close_all.failed_title')}
      </h2>
      <ul className="close-failures" data-testid="close-failures">
        {run.failed.map(({ order, reason }) => (
          <li key={order.Id}>
            <span className="orders-code">{order.ForexTradeLists.ShowCode}</span>{' '}
            <span className="orders-lots">{lotCount(order.Quantity, language, t)}</span>
            <span className="close-failure-reason" dir="auto">
              {reason}
            </span>
          </li>
        ))}
      </ul>
      <div className="confirm-actions">
        <Button onClick={onDismiss} data-autofocus>
          {t('web.close_all.dismiss')}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * "Close all", "Close profitable" and "Close losing" over the holding orders: one confirmation
 * with the count and the estimated P&L, then each close in turn, with progress, and the orders
 * that stayed open listed. `onClosed` hears the orders that closed.
 */
export function CloseAllBar({ onClosed }: { readonly onClosed: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const { decimal } = useFormat();
  const { holding } = useSnapshot(trading);
  const [progress, setProgress] = useState<{ done: number; of: number } | null>(null);
  const [failed, setFailed] = useState<CloseRun | null>(null);
  if (holding.length === 0 && progress === null) return null;

  const start = async (choice: CloseChoice) => {
    const run = await closeAll(choice, holding as readonly Order[], (done, of) =>
      setProgress({ done, of }),
    );
    setProgress(null);
    if (run === null) return;
    onClosed(run.closed.map((order) => order.Id));
    if (run.failed.length > 0) setFailed(run);
  };

  return (
    <fieldset className="close-all">
      <legend className="visually-hidden">{t('web.close_all.label')}</legend>
      <div className="close-all-buttons">
        {CLOSE_CHOICES.map((choice) => (
          <Button
            key={choice}
            variant={choice === 'all' ? 'danger' : 'secondary'}
            busy={progress !== null}
            onClick={() => void start(choice)}
          >
            {t(CHOICE_TEXT[choice])}
          </Button>
        ))}
      </div>
      <p className="form-note" role="status">
        {progress &&
          t('web.close_all.closing', {
            done: decimal(String(progress.done)),
            orders: decimal(String(progress.of)),
          })}
      </p>
      {failed && <FailedCloses run={failed} onDismiss={() => setFailed(null)} />}
    </fieldset>
  );
}
