import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../state/session.js';

/**
 * "Demo" in a screen's header while a demo account is logged in: on the screens where money
 * seems to move (trade, orders), nobody mistakes demo funds for real ones.
 */
export function DemoBadge() {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  if (user?.is_demo !== 1) return null;
  return (
    <span className="demo-badge" data-testid="demo-badge">
      {t('web.demo_badge.label')}
    </span>
  );
}
