import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState.js';
import { IconLink } from '../../ui/IconLink.js';
import { PageHeader } from '../../ui/PageHeader.js';

/** `/mine/bank-card-list`: bound bank cards; the plus binds another. */
export default function BankCardList() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        backTo="/mine/wallet"
        title={t('web.wallet.bank_cards')}
        actions={
          <IconLink to="/mine/withdraw-way?type=2" icon="plus" label={t('web.wallet.add_bank')} />
        }
      />
      <EmptyState icon="bank" text={t('web.common.no_data')} />
    </>
  );
}
