import { formatBalance, NO_VALUE } from '@pipstream/protocol';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useFormat } from '../../i18n/FormatProvider.js';
import { refreshSummary, wallet } from '../../state/wallet.js';
import { LinkRow } from '../../ui/ListRow.js';
import { PageHeader } from '../../ui/PageHeader.js';

/**
 * `/mine/wallet`: the balance and frozen balance, the account detail (ledger) behind them, and
 * the two lists of payout methods.
 */
export default function Wallet() {
  const { t } = useTranslation();
  const { decimal } = useFormat();
  const { summary } = useSnapshot(wallet);

  useEffect(() => {
    void refreshSummary();
  }, []);

  return (
    <>
      <PageHeader backTo="/user" title={t('web.wallet.title')} />
      <div className="page-body">
        <section className="card figures" aria-label={t('web.wallet.balance')}>
          <dl>
            <div>
              <dt>{t('web.wallet.balance')}</dt>
              <dd className="num" data-testid="wallet-balance">
                {summary ? decimal(formatBalance(summary.balance)) : NO_VALUE}
              </dd>
            </div>
            <div>
              <dt>{t('web.wallet.frozen')}</dt>
              <dd className="num" data-testid="wallet-frozen">
                {summary ? decimal(formatBalance(summary.lock_balance)) : NO_VALUE}
              </dd>
            </div>
          </dl>
        </section>
        <div className="row-list">
          <LinkRow to="/mine/history" icon="history" label={t('web.history.title')} />
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
