import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Field } from '../../ui/Field.js';
import { InfoRow } from '../../ui/ListRow.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { SelectField } from '../../ui/SelectField.js';
import { NO_AMOUNT } from './amounts.js';
import { type FundingTab, FundingTabs } from './FundingTabs.js';

/**
 * `/mine/withdraw`: currency, payout address or bank account, amount and remark, the fee and
 * received-amount preview, and the withdrawal records.
 */
export default function Withdraw() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<FundingTab>(0);
  return (
    <>
      <PageHeader backTo="/user" title={t('web.withdraw.title')} />
      <FundingTabs value={tab} onChange={setTab} />
      <form
        className="page-body form-stack"
        noValidate
        onSubmit={(event) => event.preventDefault()}
      >
        <SelectField
          label={t('web.withdraw.currency')}
          placeholder={t('web.common.choose')}
          options={[]}
          disabled
        />
        <SelectField
          label={tab === 0 ? t('web.withdraw.address') : t('web.withdraw.bank_account')}
          placeholder={t('web.common.choose')}
          options={[]}
          disabled
        />
        <Field label={t('web.withdraw.amount')} inputMode="decimal" autoComplete="off" disabled />
        <Field label={t('web.withdraw.remark')} autoComplete="off" disabled />
        <div className="row-list">
          <InfoRow label={t('web.withdraw.fee')} value={NO_AMOUNT} />
          <InfoRow label={t('web.withdraw.received')} value={NO_AMOUNT} />
        </div>
        <Button type="submit" block disabled>
          {t('web.common.submit')}
        </Button>
      </form>
      <section className="page-body" aria-labelledby="withdraw-records">
        <h2 className="section-title" id="withdraw-records">
          {t('web.withdraw.records')}
        </h2>
        <EmptyState icon="history" text={t('web.common.no_data')} />
      </section>
    </>
  );
}
