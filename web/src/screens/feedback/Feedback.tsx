import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/Icon.js';
import { LinkRow } from '../../ui/ListRow.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { CompanyInfo } from '../company/CompanyInfo.js';
import { ServiceNotice } from '../company/ServiceNotice.js';

/**
 * `/feedback`: SPEC §2's stub page — no form (SPEC names no feedback call), but where to give
 * feedback: customer service, and the company's own details. SPEC gives the company
 * information (§1) no route of its own; this project's choice is to show it here, on a page
 * every visitor may open, with the service notice beside it.
 */
export default function Feedback() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <>
      <PageHeader backTo="/user" title={t('web.feedback.title')} />
      <div className="page-body feedback-body">
        <section className="feedback-intro" aria-labelledby={headingId}>
          <Icon name="mail" size={40} className="feedback-icon" />
          <h2 id={headingId} className="feedback-heading">
            {t('web.feedback.heading')}
          </h2>
          <p>{t('web.feedback.body')}</p>
          <p className="form-note">{t('web.feedback.detail')}</p>
        </section>
        <nav className="row-list" aria-label={t('web.feedback.title')}>
          <LinkRow to="/mine/chat" icon="headset" label={t('web.feedback.customer_service')} />
        </nav>
        <CompanyInfo />
        <ServiceNotice />
      </div>
    </>
  );
}
