import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { api } from '../../api/index.js';
import { goBack } from '../../nav/location.js';
import { Button } from '../../ui/Button.js';
import { Field } from '../../ui/Field.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { SelectField } from '../../ui/SelectField.js';
import {
  BIND_MAX_LENGTH,
  type BindDraft,
  type BindField,
  type BindIssues,
  bindPayload,
  checkAddress,
  EMPTY_BIND_DRAFT,
  validateBind,
} from './bind-form.js';
import { useDrawSymbols } from './wallet-data.js';
import { BANK_KIND, currencyLabel, kindOf, METHOD_LIST_ROUTE } from './wallet-methods.js';

/** The text fields of each kind, in order, with their labels and autocomplete hints. */
const TEXT_FIELDS = {
  1: [{ field: 'dcAddress', label: 'web.withdraw_way.address', autoComplete: 'off' }],
  2: [
    { field: 'bankName', label: 'web.withdraw_way.bank_name', autoComplete: 'off' },
    { field: 'bankAddress', label: 'web.withdraw_way.bank_address', autoComplete: 'off' },
    { field: 'bankSwift', label: 'web.withdraw_way.swift', autoComplete: 'off' },
    { field: 'payeeName', label: 'web.withdraw_way.payee_name', autoComplete: 'name' },
    { field: 'payeeAccount', label: 'web.withdraw_way.payee_account', autoComplete: 'off' },
  ],
} as const;

/**
 * `/mine/withdraw-way?type=`: binds a payout method, 1 a digital currency address, 2 a bank account
 * (docs/product.md#routes, #validation). After the server accepts it (its message is toasted), the
 * user goes back where they came from: the list of that kind, or the withdraw form that sent them
 * here.
 */
export default function BindMethod() {
  const { t } = useTranslation();
  const kind = kindOf(useSearch());
  const listRoute = METHOD_LIST_ROUTE[kind];
  const symbols = useDrawSymbols(kind);
  const [draft, setDraft] = useState<BindDraft>(EMPTY_BIND_DRAFT);
  const [issues, setIssues] = useState<BindIssues>({});
  const [sending, setSending] = useState(false);
  const currencyErrorId = useId();

  const network =
    symbols.data?.find((symbol) => String(symbol.id) === draft.currencyId)?.protocol ?? '';
  /** The address checked as typed (`typing`) or as left: its issue shows at once. */
  const checkTyped = (address: string, on: string, typing: boolean) => {
    const check = checkAddress(on, address, typing);
    setIssues(({ dcAddress: _old, ...rest }) =>
      check.kind === 'issue' ? { ...rest, dcAddress: check.issue } : rest,
    );
  };
  const edit = (field: BindField, value: string) => {
    setDraft((before) => ({ ...before, [field]: value }));
    // A field's message goes once it is changed; the others wait for the next try.
    setIssues(({ [field]: _fixed, ...rest }) => rest);
    if (field === 'dcAddress') checkTyped(value, network, true);
    if (field === 'currencyId' && draft.dcAddress.trim() !== '') {
      const chosen = symbols.data?.find((symbol) => String(symbol.id) === value)?.protocol ?? '';
      checkTyped(draft.dcAddress, chosen, false);
    }
  };
  const addressValid = checkAddress(network, draft.dcAddress, false).kind === 'valid';
  const message = (field: BindField) => {
    const issue = issues[field];
    return issue && t(issue.key, issue.params ?? {});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateBind(kind, draft, network);
    setIssues(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      await api.call('bindDrawMethod', bindPayload(kind, draft));
    } catch {
      // Told by the API layer; everything typed stays.
      setSending(false);
      return;
    }
    goBack(listRoute);
  };

  const options = (symbols.data ?? []).map((symbol) => ({
    value: String(symbol.id),
    label: currencyLabel(symbol),
  }));

  return (
    <>
      <PageHeader
        backTo={listRoute}
        title={kind === BANK_KIND ? t('web.wallet.add_bank') : t('web.wallet.add_coin')}
      />
      <form className="page-body form-stack" noValidate onSubmit={submit}>
        <div>
          <SelectField
            label={t('web.withdraw.currency')}
            placeholder={t('web.common.choose')}
            options={options}
            value={draft.currencyId}
            disabled={symbols.data === null}
            aria-invalid={issues.currencyId ? true : undefined}
            aria-describedby={issues.currencyId ? currencyErrorId : undefined}
            onChange={(event) => edit('currencyId', event.target.value)}
          />
          {issues.currencyId && (
            <p className="field-error" id={currencyErrorId} role="alert">
              {message('currencyId')}
            </p>
          )}
          {symbols.failed && (
            <Button variant="ghost" onClick={() => void symbols.reload()}>
              {t('web.list.retry')}
            </Button>
          )}
          {symbols.data?.length === 0 && (
            <p className="form-note">{t('web.withdraw_way.no_currency')}</p>
          )}
        </div>
        {TEXT_FIELDS[kind].map(({ field, label, autoComplete }) => (
          <Field
            key={field}
            label={t(label)}
            autoComplete={autoComplete}
            spellCheck={false}
            maxLength={BIND_MAX_LENGTH[field]}
            value={draft[field]}
            error={message(field)}
            onChange={(event) => edit(field, event.target.value)}
            onBlur={
              field === 'dcAddress' ? () => checkTyped(draft.dcAddress, network, false) : undefined
            }
          />
        ))}
        {kind !== BANK_KIND && addressValid && !issues.dcAddress && (
          <p className="form-note address-valid" role="status" data-testid="address-valid">
            {t('web.address_check.valid', { network })}
          </p>
        )}
        <Button type="submit" block busy={sending}>
          {t('web.common.submit')}
        </Button>
      </form>
    </>
  );
}
