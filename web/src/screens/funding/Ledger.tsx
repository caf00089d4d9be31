import { formatBalance, type LedgerRecord, NO_VALUE } from '@pipstream/protocol';
import { memo, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { api } from '../../api/index.js';
import { useFormat } from '../../i18n/FormatProvider.js';
import { refreshSummary, wallet } from '../../state/wallet.js';
import { PagedBody } from '../../ui/PagedBody.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { PullToRefresh, RefreshButton } from '../../ui/PullToRefresh.js';
import { usePagedList } from '../../widgets/usePagedList.js';
import { ledgerRowView } from './ledger-view.js';

/** One balance change: its text (the Type 10 Memo rule), signed amount and time. */
const LedgerRow = memo(function LedgerRow({ record }: { readonly record: LedgerRecord }) {
  const view = ledgerRowView(record);
  const { decimal, dateTime } = useFormat();
  return (
    <li className="ledger-row" data-testid={`ledger-${record.Id}`}>
      <span className="ledger-text" dir="auto">
        {view.text}
      </span>
      <span className={`ledger-amount num ${view.tone}`}>{decimal(view.amount)}</span>
      <span className="ledger-time num">{dateTime(view.time)}</span>
    </li>
  );
});

/** `/mine/history`: balance and frozen balance in USD, and the paged ledger, newest first. */
export default function Ledger() {
  const { t } = useTranslation();
  const { decimal } = useFormat();
  const { summary } = useSnapshot(wallet);
  const list = usePagedList<LedgerRecord>({
    key: 'ledger',
    keyOf: (record) => record.Id,
    fetchPage: async (page, signal) => {
      const answer = await api.call('forexChange', { page }, { signal });
      return { rows: answer.list, total: answer.total };
    },
  });

  useEffect(() => {
    void refreshSummary();
  }, []);

  // A pull (docs/product.md#states) reads page 1 again, and the figures with it.
  const refresh = () => Promise.all([list.refresh(), refreshSummary()]);

  const firstLoad = list.page === 0 && list.error !== 'reset';
  const body = (
    <PagedBody list={list} icon="history">
      {(records) => (
        <ul className="ledger-list" aria-label={t('web.history.ledger')}>
          {records.map((record) => (
            <LedgerRow key={record.Id} record={record} />
          ))}
        </ul>
      )}
    </PagedBody>
  );

  return (
    <>
      <PageHeader
        backTo="/user"
        title={t('web.history.title')}
        actions={<RefreshButton onRefresh={refresh} />}
      />
      <PullToRefresh disabled={firstLoad} onRefresh={refresh}>
        <div className="page-body">
          <section className="card figures" aria-label={t('web.history.summary')}>
            <dl>
              <div>
                <dt>{t('web.history.balance')}</dt>
                <dd className="num" data-testid="history-balance">
                  {summary ? decimal(formatBalance(summary.balance)) : NO_VALUE}
                </dd>
              </div>
              <div>
                <dt>{t('web.history.frozen')}</dt>
                <dd className="num" data-testid="history-frozen">
                  {summary ? decimal(formatBalance(summary.lock_balance)) : NO_VALUE}
                </dd>
              </div>
            </dl>
          </section>
          <h2 className="section-title">{t('web.history.ledger')}</h2>
          <div aria-busy={list.loading !== null}>{body}</div>
        </div>
      </PullToRefresh>
    </>
  );
}
