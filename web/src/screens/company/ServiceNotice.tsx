import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The service notice of SPEC §1: the countries the services are not provided to (North Korea,
 * Israel, China, Vanuatu and Cuba), in the locale's words.
 */
export function ServiceNotice() {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <aside className="service-notice" aria-labelledby={titleId} data-testid="service-notice">
      <h2 id={titleId} className="service-notice-title">
        {t('web.company.notice_title')}
      </h2>
      <p>{t('web.company.notice')}</p>
    </aside>
  );
}
