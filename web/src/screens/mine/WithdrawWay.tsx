import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { Button } from '../../ui/Button.js';
import { Field } from '../../ui/Field.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { SelectField } from '../../ui/SelectField.js';

/** `/mine/withdraw-way?type=`: 1 binds a digital currency address, 2 a bank account. */
export default function WithdrawWay() {
  const { t } = useTranslation();
  const bank = new URLSearchParams(useSearch()).get('type') === '2';
  return (
    <>
      <PageHeader
        backTo={bank ? '/mine/bank-card-list' : '/mine/coin-address-list'}
        title={bank ? t('web.wallet.add_bank') : t('web.wallet.add_coin')}
      />
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
        {bank ? (
          <>
            <Field label={t('web.withdraw_way.bank_name')} autoComplete="off" disabled />
            <Field label={t('web.withdraw_way.bank_address')} autoComplete="off" disabled />
            <Field label={t('web.withdraw_way.swift')} autoComplete="off" disabled />
            <Field label={t('web.withdraw_way.payee_name')} autoComplete="name" disabled />
            <Field label={t('web.withdraw_way.payee_account')} autoComplete="off" disabled />
          </>
        ) : (
          <Field label={t('web.withdraw_way.address')} autoComplete="off" disabled />
        )}
        <Button type="submit" block disabled>
          {t('web.common.submit')}
        </Button>
      </form>
    </>
  );
}
