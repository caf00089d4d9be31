import type { WithdrawRecord } from '@pipstream/protocol';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { api } from '../../api/index.js';
import { navigate } from '../../nav/location.js';
import { refreshSummary } from '../../state/wallet.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { PullToRefresh, RefreshButton } from '../../ui/PullToRefresh.js';
import { usePagedList } from '../../widgets/usePagedList.js';
import { useDrawMethods, useDrawSymbols } from '../wallet/wallet-data.js';
import type { DrawKind } from '../wallet/wallet-methods.js';
import { type FundingTab, FundingTabs } from './FundingTabs.js';
import { WithdrawPanel } from './WithdrawPanel.js';
import { WithdrawRecordList } from './WithdrawRecordList.js';

/**
 * The tab a query names (`/mine/withdraw?tab=1`); coin when absent. Kept in the query (this
 * project's choice) so coming back from binding a method reopens the same tab.
 */
function tabOf(search: string): FundingTab {
  return new URLSearchParams(search).get('tab') === '1' ? 1 : 0;
}

/**
 * `/mine/withdraw`: coin and bank tabs (docs/product.md#states: 0 coin, 1 bank; `draw_list` type =
 * tab + 1), the withdraw form and the tab's withdrawal records.
 */
export default function Withdraw() {
  const { t } = useTranslation();
  const tab = tabOf(useSearch());
  const kind: DrawKind = tab === 1 ? 2 : 1;
  const symbols = useDrawSymbols(kind);
  const methods = useDrawMethods(kind);
  const records = usePagedList<WithdrawRecord>({
    key: String(kind),
    keyOf: (record) => record.id,
    fetchPage: async (page, signal) => {
      const answer = await api.call('drawList', { type: kind, page }, { signal });
      return { rows: answer.data, total: answer.total };
    },
  });

  useEffect(() => {
    void refreshSummary();
  }, []);

  const refresh = () =>
    Promise.all([records.refresh(), refreshSummary(), symbols.reload(), methods.reload()]);

  return (
    <>
      <PageHeader
        backTo="/user"
        title={t('web.withdraw.title')}
        actions={<RefreshButton onRefresh={refresh} />}
      />
      <FundingTabs
        value={tab}
        // Switching starts the records again from page 1 (docs/product.md#states), by their new
        // key.
        onChange={(next) => navigate(`/mine/withdraw?tab=${next}`, { replace: true })}
      />
      <PullToRefresh onRefresh={refresh}>
        <div role="tabpanel">
          <WithdrawPanel
            key={kind}
            kind={kind}
            symbols={symbols}
            methods={methods}
            onSubmitted={() => void records.refresh()}
          />
          <section className="page-body" aria-labelledby="withdraw-records">
            <h2 className="section-title" id="withdraw-records">
              {t('web.withdraw.records')}
            </h2>
            <div aria-busy={records.loading !== null}>
              <WithdrawRecordList list={records} />
            </div>
          </section>
        </div>
      </PullToRefresh>
    </>
  );
}
