import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState.js';
import { IconLink } from '../../ui/IconLink.js';
import { PageHeader } from '../../ui/PageHeader.js';

/** `/mine/coin-address-list`: bound coin addresses; the plus binds another. */
export default function CoinAddressList() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        backTo="/mine/wallet"
        title={t('web.wallet.coin_addresses')}
        actions={
          <IconLink to="/mine/withdraw-way?type=1" icon="plus" label={t('web.wallet.add_coin')} />
        }
      />
      <EmptyState icon="coin" text={t('web.common.no_data')} />
    </>
  );
}
