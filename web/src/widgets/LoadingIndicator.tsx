import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ui } from '../state/ui.js';

/**
 * The one loading indicator (docs/product.md#errors): shown while any call that shows loading runs.
 */
export function LoadingIndicator() {
  const { t } = useTranslation();
  const { loading } = useSnapshot(ui);
  if (loading === 0) return null;
  return (
    <div className="loading-overlay" role="progressbar" aria-label={t('web.common.loading')}>
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}
