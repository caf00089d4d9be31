import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.js';
import { InfoRow } from '../../ui/ListRow.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { NO_AMOUNT } from './amounts.js';

/** `/mine/email`: the company's complaint e-mail with a copy button. */
export default function Email() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader backTo="/user" title={t('web.email.title')} />
      <div className="page-body form-stack">
        <p className="form-note">{t('web.email.intro')}</p>
        <div className="row-list">
          <InfoRow icon="mail" label={t('web.email.address')} value={NO_AMOUNT} />
        </div>
        <Button block variant="secondary" disabled>
          {t('web.common.copy')}
        </Button>
      </div>
    </>
  );
}
