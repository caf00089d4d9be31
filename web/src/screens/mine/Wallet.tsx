import { useTranslation } from 'react-i18next';
import { LinkRow } from '../../ui/ListRow.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { NO_AMOUNT } from './amounts.js';

/** `/mine/wallet`: the balance and the two lists of payout methods. */
export default function Wallet() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader backTo="/user" title={t('web.wallet.title')} />
      <div className="page-body">
        <section className="card figures" aria-label={t('web.wallet.balance')}>
          <dl>
            <div>
              <dt>{t('web.wallet.balance')}</dt>
              <dd className="num">{NO_AMOUNT}</dd>
            </div>
          </dl>
        </section>
        <div className="row-list">
          <LinkRow to="/mine/bank-card-list" icon="bank" label={t('web.wallet.bank_cards')} />
          <LinkRow
            to="/mine/coin-address-list"
            icon="coin"
            label={t('web.wallet.coin_addresses')}
          />
        </div>
      </div>
    </>
  );
}
