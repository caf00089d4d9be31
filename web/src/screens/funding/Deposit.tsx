import type { BankOption, DepositNetwork, DepositRecord } from '@pipstream/protocol';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { api } from '../../api/index.js';
import { useFormat } from '../../i18n/FormatProvider.js';
import { session } from '../../state/session.js';
import { Button } from '../../ui/Button.js';
import { Field } from '../../ui/Field.js';
import { IconButton } from '../../ui/IconButton.js';
import { uploadedUrl } from '../../ui/image-upload.js';
import { PagedBody } from '../../ui/PagedBody.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { PullToRefresh, RefreshButton } from '../../ui/PullToRefresh.js';
import { QrCode } from '../../ui/QrCode.js';
import { SelectField } from '../../ui/SelectField.js';
import { copyText } from '../../widgets/copy.js';
import { ImageUploadField, useImageUpload } from '../../widgets/ImageUploadField.js';
import { type PagedList, usePagedList } from '../../widgets/usePagedList.js';
import { type Remote, useRemote } from '../../widgets/useRemote.js';
import {
  acceptAmountInput,
  checkDeposit,
  type DepositErrors,
  type DepositField,
  depositStatusKey,
  depositStatusTone,
} from './deposit-form.js';
import { type FundingTab, FundingTabs } from './FundingTabs.js';

/** A select's value for an id, and back (`''` is the "choose" entry). */
const selectValue = (id: number | null) => (id === null ? '' : String(id));
const selectedId = (value: string) => (value === '' ? null : Number(value));

/** A choice list still loading or failed says so in its placeholder. */
function placeholderOf(remote: Remote<unknown>, t: (key: string) => string): string {
  if (remote.failed) return t('web.charge.load_failed');
  return remote.data === undefined ? t('web.common.loading') : t('web.common.choose');
}

/** The "no pay way" message under a selector, tied to it for assistive technology. */
function PayWayError({ id, text }: { readonly id: string; readonly text: string | undefined }) {
  if (!text) return null;
  return (
    <p className="field-error" id={id} role="alert">
      {text}
    </p>
  );
}

/** A failed choice list: the reason and a retry. */
function LoadFailed({ remote }: { readonly remote: Remote<unknown> }) {
  const { t } = useTranslation();
  if (!remote.failed) return null;
  return (
    <div className="charge-note">
      <span>{t('web.charge.load_failed')}</span>
      <Button variant="ghost" onClick={remote.reload}>
        {t('web.list.retry')}
      </Button>
    </div>
  );
}

/** The address to pay to on the chosen network: QR code (level H, 160 px), text and copy. */
function DepositAddress({ network }: { readonly network: DepositNetwork }) {
  const { t } = useTranslation();
  const names = { currency: network.currency_code, protocol: network.protocol_code };
  return (
    <section className="card charge-address" aria-label={t('web.charge.address')}>
      <h2 className="card-title">{t('web.charge.address')}</h2>
      <QrCode value={network.address} size={160} label={t('web.charge.address_qr', names)} />
      <p className="num charge-address-text" data-testid="deposit-address">
        {network.address}
      </p>
      <Button variant="secondary" onClick={() => copyText(network.address)}>
        {t('web.charge.copy_address')}
      </Button>
      <p className="form-note">{t('web.charge.address_note', names)}</p>
    </section>
  );
}

/**
 * The bank account to wire to, each detail with its own copy button, and the reference the
 * transfer must carry: the user's UID, by which the desk matches the payment.
 */
function BankDetails({ bank }: { readonly bank: BankOption }) {
  const { t } = useTranslation();
  const uid = useSnapshot(session).user?.uid ?? '';
  const rows: readonly { readonly label: string; readonly value: string }[] = [
    { label: t('web.charge.bank_name'), value: bank.bank_name },
    { label: t('web.charge.bank_address'), value: bank.bank_address },
    { label: t('web.charge.bank_swift'), value: bank.bank_swift },
    { label: t('web.charge.payee_name'), value: bank.payee_name },
    { label: t('web.charge.payee_account'), value: bank.payee_account },
    { label: t('web.account_uid.reference'), value: uid },
  ];
  return (
    <section className="card charge-bank" aria-label={t('web.charge.bank_details')}>
      <h2 className="card-title">{t('web.charge.bank_details')}</h2>
      <dl className="charge-bank-list">
        {rows
          .filter((row) => row.value !== '')
          .map((row) => (
            <div className="charge-bank-row" key={row.label}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
              <IconButton
                icon="copy"
                label={t('web.charge.copy_field', { field: row.label })}
                onClick={() => copyText(row.value)}
              />
            </div>
          ))}
      </dl>
      {bank.bank_remark !== '' && (
        <p className="form-note" dir="auto">
          {bank.bank_remark}
        </p>
      )}
    </section>
  );
}

/** One deposit of the history: amount and currency, status, time, and the desk's remark. */
function DepositRow({ record }: { readonly record: DepositRecord }) {
  const { t } = useTranslation();
  const { decimal, dateTime } = useFormat();
  return (
    <li className="charge-record" data-testid={`deposit-${record.id}`}>
      <div className="charge-record-head">
        <span className="num charge-record-amount">
          {decimal(record.number)} {record.currency_code}
        </span>
        <span className={`charge-status charge-status-${depositStatusTone(record.status)}`}>
          {t(depositStatusKey(record.status))}
        </span>
      </div>
      <p className="charge-record-time num">{dateTime(record.created_at)}</p>
      {record.remark !== '' && (
        <p className="charge-record-remark" dir="auto">
          {record.remark}
        </p>
      )}
    </li>
  );
}

/** The deposit history of the tab shown: skeleton, retry, "No data", or the rows and footer. */
function DepositHistory({ list }: { readonly list: PagedList<DepositRecord> }) {
  const { t } = useTranslation();
  const titleId = useId();
  const body = (
    <PagedBody list={list} icon="history" skeletonRows={3}>
      {(records) => (
        <ul className="charge-records" aria-labelledby={titleId}>
          {records.map((record) => (
            <DepositRow key={record.id} record={record} />
          ))}
        </ul>
      )}
    </PagedBody>
  );
  return (
    <section className="charge-history" aria-busy={list.loading !== null}>
      <h2 className="section-title" id={titleId}>
        {t('web.charge.history')}
      </h2>
      {body}
    </section>
  );
}

/** `/mine/charge`: deposit by coin or bank, with proof, and the deposit history. */
export default function Deposit() {
  const { t } = useTranslation();
  const payWayId = useId();
  const [tab, setTab] = useState<FundingTab>(0);
  // The bank choices load the first time the bank tab opens.
  const [bankTabSeen, setBankTabSeen] = useState(false);

  const networks = useRemote('networks', (signal) => api.call('chargeSymbols', {}, { signal }));
  const currencies = useRemote(bankTabSeen ? 'currencies' : null, (signal) =>
    api.call('chargeInfo', {}, { signal }),
  );
  /** `undefined`: not chosen by the user, so the first network (its address shows at once). */
  const [networkChoice, setNetworkChoice] = useState<number | null | undefined>(undefined);
  const networkId = networkChoice === undefined ? (networks.data?.[0]?.id ?? null) : networkChoice;
  /** `undefined`: the first currency. */
  const [currencyChoice, setCurrencyChoice] = useState<number | null | undefined>(undefined);
  const currencyId =
    currencyChoice === undefined ? (currencies.data?.[0]?.id ?? null) : currencyChoice;
  const banks = useRemote(currencyId === null ? null : `banks-${currencyId}`, (signal) =>
    api.call('chargeWireInfo', { bank_coin: currencyId ?? 0 }, { signal }),
  );
  // No bank is chosen for the user: they say which account they wired to
  // (docs/product.md#validation "no pay way").
  const [bankId, setBankId] = useState<number | null>(null);

  const [amount, setAmount] = useState('');
  const proof = useImageUpload();
  const [errors, setErrors] = useState<DepositErrors>({});
  const [sending, setSending] = useState(false);

  // A new tab starts its history again from page 1 (docs/product.md#states).
  const history = usePagedList<DepositRecord>({
    key: String(tab),
    keyOf: (record) => record.id,
    fetchPage: async (page, signal) => {
      const answer = await api.call('chargeHistory', { type: tab, page }, { signal });
      return { rows: answer.data, total: answer.total };
    },
  });

  const network = networks.data?.find((item) => item.id === networkId);
  const bank = banks.data?.find((item) => item.id === bankId);

  const clearError = useCallback(
    (field: DepositField) =>
      setErrors((before) => {
        if (!before[field]) return before;
        const { [field]: _cleared, ...rest } = before;
        return rest;
      }),
    [],
  );

  // A picked image answers the "add a proof" message.
  const proofKind = proof.state.kind;
  useEffect(() => {
    if (proofKind !== 'empty') clearError('proof');
  }, [proofKind, clearError]);

  const switchTab = (next: FundingTab) => {
    setTab(next);
    if (next === 1) setBankTabSeen(true);
    // Messages belong to the tab they were given on; what was typed stays.
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const check = checkDeposit(
      {
        tab,
        networkId,
        bankId,
        amount,
        proofUrl: uploadedUrl(proof.state),
        proofUploading: proof.state.kind === 'uploading',
      },
      { networks: networks.data ?? [], banks: banks.data ?? [] },
    );
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      // The server's "submitted" message is the success toast (docs/product.md#errors).
      if (check.call === 'chargeSubmit') await api.call('chargeSubmit', check.payload);
      else await api.call('chargeWireSubmit', check.payload);
      // The choice of network or bank stays: the next deposit likely goes the same way.
      setAmount('');
      proof.remove();
      void history.refresh();
    } catch {
      // The API layer showed why; everything typed stays for another try.
    } finally {
      setSending(false);
    }
  };

  const payWayError = errors.payWay ? t(errors.payWay) : undefined;
  const payWayAria = {
    'aria-invalid': payWayError ? true : undefined,
    'aria-describedby': payWayError ? payWayId : undefined,
  };

  return (
    <>
      <PageHeader
        backTo="/user"
        title={t('web.charge.title')}
        actions={<RefreshButton onRefresh={history.refresh} />}
      />
      <FundingTabs value={tab} onChange={switchTab} />
      <PullToRefresh onRefresh={history.refresh} disabled={history.page === 0}>
        <div className="page-body charge-body" role="tabpanel">
          <form
            className="form-stack"
            noValidate
            aria-label={t('web.charge.form_label')}
            onSubmit={submit}
          >
            {tab === 0 ? (
              <>
                <SelectField
                  label={t('web.charge.network')}
                  placeholder={placeholderOf(networks, t)}
                  options={(networks.data ?? []).map((item) => ({
                    value: String(item.id),
                    label: t('web.charge.network_option', {
                      currency: item.currency_code,
                      protocol: item.protocol_code,
                    }),
                  }))}
                  value={selectValue(networkId)}
                  disabled={networks.data === undefined}
                  onChange={(event) => {
                    setNetworkChoice(selectedId(event.target.value));
                    clearError('payWay');
                  }}
                  {...payWayAria}
                />
                <PayWayError id={payWayId} text={payWayError} />
                <LoadFailed remote={networks} />
                {network && <DepositAddress network={network} />}
              </>
            ) : (
              <>
                <SelectField
                  label={t('web.charge.currency')}
                  placeholder={placeholderOf(currencies, t)}
                  options={(currencies.data ?? []).map((item) => ({
                    value: String(item.id),
                    label: item.name,
                  }))}
                  value={selectValue(currencyId)}
                  disabled={currencies.data === undefined}
                  onChange={(event) => {
                    setCurrencyChoice(selectedId(event.target.value));
                    // Another currency, other accounts.
                    setBankId(null);
                  }}
                />
                <LoadFailed remote={currencies} />
                <SelectField
                  label={t('web.charge.bank')}
                  placeholder={
                    currencyId === null ? t('web.common.choose') : placeholderOf(banks, t)
                  }
                  options={(banks.data ?? []).map((item) => ({
                    value: String(item.id),
                    label: item.bank_name,
                  }))}
                  value={selectValue(bankId)}
                  disabled={banks.data === undefined || banks.data.length === 0}
                  onChange={(event) => {
                    setBankId(selectedId(event.target.value));
                    clearError('payWay');
                  }}
                  {...payWayAria}
                />
                <PayWayError id={payWayId} text={payWayError} />
                <LoadFailed remote={banks} />
                {banks.data?.length === 0 && (
                  <p className="form-note">{t('web.charge.no_bank_for_currency')}</p>
                )}
                {bank && <BankDetails bank={bank} />}
              </>
            )}
            <Field
              label={t('web.charge.amount')}
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('web.charge.amount_placeholder')}
              value={amount}
              error={errors.amount ? t(errors.amount) : undefined}
              onChange={(event) => {
                const typed = event.target.value;
                setAmount((before) => acceptAmountInput(before, typed));
                clearError('amount');
              }}
            />
            <ImageUploadField
              label={t('web.charge.proof')}
              upload={proof}
              error={errors.proof ? t(errors.proof) : undefined}
              disabled={sending}
            />
            <Button type="submit" block busy={sending}>
              {t('web.common.submit')}
            </Button>
          </form>
          <DepositHistory list={history} />
        </div>
      </PullToRefresh>
    </>
  );
}
