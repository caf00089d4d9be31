import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { NO_AMOUNT } from './amounts.js';

/** `/mine/history`: balance and frozen balance in USD, and the ledger. */
export default function History() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader backTo="/user" title={t('web.history.title')} />
      <div className="page-body">
        <section className="card figures" aria-label={t('web.history.summary')}>
          <dl>
            <div>
              <dt>{t('web.history.balance')}</dt>
              <dd className="num">{NO_AMOUNT}</dd>
            </div>
            <div>
              <dt>{t('web.history.frozen')}</dt>
              <dd className="num">{NO_AMOUNT}</dd>
            </div>
          </dl>
        </section>
        <h2 className="section-title">{t('web.history.ledger')}</h2>
        <EmptyState icon="history" text={t('web.common.no_data')} />
      </div>
    </>
  );
}
