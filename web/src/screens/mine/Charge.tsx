import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Field } from '../../ui/Field.js';
import { ImagePicker } from '../../ui/ImagePicker.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { SelectField } from '../../ui/SelectField.js';
import { type FundingTab, FundingTabs } from './FundingTabs.js';

/** `/mine/charge`: deposit by coin or bank, with proof, and the deposit history. */
export default function Charge() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<FundingTab>(0);
  return (
    <>
      <PageHeader backTo="/user" title={t('web.charge.title')} />
      <FundingTabs value={tab} onChange={setTab} />
      <form
        className="page-body form-stack"
        noValidate
        onSubmit={(event) => event.preventDefault()}
      >
        <SelectField
          label={tab === 0 ? t('web.charge.network') : t('web.charge.bank')}
          placeholder={t('web.common.choose')}
          options={[]}
          disabled
        />
        <Field label={t('web.charge.amount')} inputMode="decimal" autoComplete="off" disabled />
        <ImagePicker label={t('web.charge.proof')} disabled />
        <Button type="submit" block disabled>
          {t('web.common.submit')}
        </Button>
      </form>
      <section className="page-body" aria-labelledby="charge-history">
        <h2 className="section-title" id="charge-history">
          {t('web.charge.history')}
        </h2>
        <EmptyState icon="history" text={t('web.common.no_data')} />
      </section>
    </>
  );
}
