import type { PriceAlert } from '@pipstream/protocol';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useFormat } from '../../i18n/FormatProvider.js';
import { openAlertEditor } from '../../state/alert-editor.js';
import { conditionText } from '../../state/alert-news.js';
import { alertBook, alerts, startAlerts } from '../../state/alerts.js';
import {
  askPermission,
  type NotificationAccess,
  notifications,
} from '../../state/notifications.js';
import { confirm, showToast } from '../../state/ui.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { PageHeader } from '../../ui/PageHeader.js';

/** The locale key of what each state of the permission says (spelled out for the locale check). */
const ACCESS_TEXT = {
  granted: 'web.alerts.notify.on',
  denied: 'web.alerts.notify.blocked',
  default: 'web.alerts.notify.off',
  unsupported: 'web.alerts.notify.unsupported',
} as const satisfies Record<NotificationAccess, string>;

/** Whether system notifications are on, and the button asking for them (a tap is the gesture). */
function NotificationRow() {
  const { t } = useTranslation();
  const { access } = useSnapshot(notifications);
  return (
    <section className="alert-notify" aria-labelledby="alert-notify-label">
      <div className="alert-notify-text">
        <span id="alert-notify-label" className="alert-notify-label">
          {t('web.alerts.notify.label')}
        </span>
        <span className="form-note" data-testid="alert-notify-state">
          {t(ACCESS_TEXT[access])}
        </span>
      </div>
      {access === 'default' && (
        <Button variant="secondary" onClick={() => void askPermission()}>
          {t('web.alerts.notify.allow')}
        </Button>
      )}
    </section>
  );
}

function AlertRow({ alert }: { readonly alert: PriceAlert }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const condition = conditionText(alert, alert.condition);
  const remove = async () => {
    const ok = await confirm({
      message: t('web.alerts.delete_confirm', { condition }),
      confirmLabel: t('web.alerts.delete'),
      cancelLabel: t('web.common.cancel'),
      danger: true,
    });
    if (!ok) return;
    alertBook.remove(alert.id);
    showToast(t('web.alerts.deleted'), 'success');
  };
  return (
    <li className="alert-row" data-testid={`alert-row-${alert.id}`}>
      <div className="alert-row-text">
        <span className="alert-condition">{condition}</span>
        <span className={alert.firedAt === null ? 'alert-state' : 'alert-state alert-fired'}>
          {alert.firedAt === null
            ? t('web.alerts.armed')
            : t('web.alerts.fired_at', { time: dateTime(alert.firedAt) })}
        </span>
      </div>
      <div className="alert-row-actions">
        <Button
          variant="secondary"
          aria-label={t('web.alerts.edit_named', { condition })}
          onClick={() => openAlertEditor(alert.instrumentId, alert.id)}
        >
          {t('web.alerts.edit')}
        </Button>
        <Button
          variant="danger"
          aria-label={t('web.alerts.delete_named', { condition })}
          onClick={() => void remove()}
        >
          {t('web.alerts.delete')}
        </Button>
      </div>
    </li>
  );
}

/** `/alerts`: the price alerts kept on this phone, to change or delete, and notifications. */
export default function Alerts() {
  const { t } = useTranslation();
  const { list } = useSnapshot(alerts);
  useEffect(() => startAlerts(), []);
  return (
    <>
      <PageHeader backTo="/" title={t('web.alerts.title')} />
      <div className="page-body">
        <NotificationRow />
        {list.length === 0 ? (
          <EmptyState icon="bell" text={t('web.alerts.empty')} />
        ) : (
          <ul className="alert-list" aria-label={t('web.alerts.title')}>
            {list.map((alert) => (
              <AlertRow key={alert.id} alert={alert as PriceAlert} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
