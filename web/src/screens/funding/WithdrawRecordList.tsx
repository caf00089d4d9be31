import type { WithdrawRecord } from '@pipstream/protocol';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/FormatProvider.js';
import { PagedBody } from '../../ui/PagedBody.js';
import type { PagedList } from '../../widgets/usePagedList.js';
import { recordView } from './withdraw-records.js';

/** One label and value of a record. */
function Item({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <div className="withdraw-record-item">
      <dt>{label}</dt>
      <dd className="num">{children}</dd>
    </div>
  );
}

/** A withdrawal: amount, state, fee, what arrives, where to, when, and any notes. */
const RecordRow = memo(function RecordRow({ record }: { readonly record: WithdrawRecord }) {
  const { t } = useTranslation();
  const { decimal, dateTime } = useFormat();
  const view = recordView(record);
  return (
    <li className="withdraw-record" data-testid={`withdraw-record-${record.id}`}>
      <div className="withdraw-record-head">
        <span className="withdraw-record-amount num">
          {t('web.wallet.amount_usd', { amount: decimal(view.amount) })}
        </span>
        <span className={`withdraw-status withdraw-status-${view.tone}`} data-testid="status">
          {view.statusIsKey ? t(view.status) : view.status}
        </span>
      </div>
      <dl className="withdraw-record-items">
        <Item label={t('web.withdraw.record_fee')}>
          {t('web.wallet.amount_usd', { amount: decimal(view.fee) })}
        </Item>
        <Item label={t('web.withdraw.record_received')}>{decimal(view.received)}</Item>
        <Item
          label={
            view.toAddress ? t('web.withdraw.record_address') : t('web.withdraw.record_account')
          }
        >
          <span className="wallet-address">{view.destination}</span>
        </Item>
        <Item label={t('web.withdraw.record_time')}>{dateTime(view.time)}</Item>
        {record.notes && <Item label={t('web.withdraw.record_notes')}>{record.notes}</Item>}
      </dl>
    </li>
  );
});

/**
 * The withdrawal records of a tab, paged (docs/product.md#states), with their loading, empty and
 * end states.
 */
export function WithdrawRecordList({ list }: { readonly list: PagedList<WithdrawRecord> }) {
  const { t } = useTranslation();
  return (
    <PagedBody list={list} icon="history" skeletonRows={3}>
      {(records) => (
        <ul className="withdraw-records" aria-label={t('web.withdraw.records')}>
          {records.map((record) => (
            <RecordRow key={record.id} record={record} />
          ))}
        </ul>
      )}
    </PagedBody>
  );
}
