import { type DrawSymbol, formatBalance, NO_VALUE, type WithdrawMethod } from '@pipstream/protocol';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { api } from '../../api/index.js';
import { useFormat } from '../../i18n/FormatProvider.js';
import { i18n } from '../../i18n/index.js';
import { navigate } from '../../nav/location.js';
import { answerConfirm, confirm, ui } from '../../state/ui.js';
import { refreshSummary, wallet } from '../../state/wallet.js';
import { Button } from '../../ui/Button.js';
import { Field } from '../../ui/Field.js';
import { InfoRow } from '../../ui/ListRow.js';
import { SelectField } from '../../ui/SelectField.js';
import { SkeletonBlock } from '../../ui/Skeleton.js';
import type { Loaded } from '../wallet/wallet-data.js';
import {
  BANK_KIND,
  bindRoute,
  currencyLabel,
  type DrawKind,
  initialCurrencyId,
  methodOptionLabel,
  methodsOfCurrency,
} from '../wallet/wallet-methods.js';
import {
  cleanAmountInput,
  drawPayload,
  feeRule,
  MEMO_MAX_LENGTH,
  validateWithdraw,
  type WithdrawIssues,
  withdrawPreview,
} from './withdraw-form.js';

/** The texts that differ between the coin and bank tabs. */
const TEXTS = {
  1: {
    method: 'web.withdraw.address',
    methodRequired: 'web.withdraw.address_required',
    noneForCurrency: 'web.withdraw.no_address_for_currency',
    notBound: 'web.withdraw.not_bound_coin',
    add: 'web.wallet.add_coin',
  },
  2: {
    method: 'web.withdraw.bank_account',
    methodRequired: 'web.withdraw.account_required',
    noneForCurrency: 'web.withdraw.no_account_for_currency',
    notBound: 'web.withdraw.not_bound_bank',
    add: 'web.wallet.add_bank',
  },
} as const satisfies Record<DrawKind, Record<string, string>>;

/**
 * docs/product.md#validation: with no method bound for the tab, a confirmation says so and,
 * confirmed, opens the bind screen of that kind. Resolves whether it went there. `cancelOnLeave`
 * receives a function that withdraws the question (the screen was left while it was open).
 */
async function offerBinding(kind: DrawKind, cancelOnLeave?: (cancel: () => void) => void) {
  const asked = confirm({
    message: i18n.t(TEXTS[kind].notBound),
    confirmLabel: i18n.t('web.withdraw.bind'),
    cancelLabel: i18n.t('web.common.cancel'),
    danger: false,
  });
  // `confirm` queued it just now: the newest request is this one.
  const id = ui.confirms.at(-1)?.id;
  if (id !== undefined) cancelOnLeave?.(() => answerConfirm(id, false));
  if (await asked) navigate(bindRoute(kind));
}

export interface WithdrawPanelProps {
  readonly kind: DrawKind;
  readonly symbols: Loaded<DrawSymbol[]>;
  readonly methods: Loaded<WithdrawMethod[]>;
  /** A withdrawal went through: the records read again. */
  readonly onSubmitted: () => void;
}

/**
 * The withdraw form of one tab (docs/product.md#routes): currency, bound address or account,
 * amount, remark, the live fee and received-amount preview (docs/product.md#constants) and submit.
 * A sent withdrawal shows the server's message, refreshes the balance and empties the amount and
 * remark.
 */
export function WithdrawPanel({ kind, symbols, methods, onSubmitted }: WithdrawPanelProps) {
  const { t } = useTranslation();
  const { decimal } = useFormat();
  const texts = TEXTS[kind];
  const { summary } = useSnapshot(wallet);
  const [chosenCurrency, setChosenCurrency] = useState<number | null>(null);
  const [chosenMethod, setChosenMethod] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const [issues, setIssues] = useState<WithdrawIssues>({});
  const [sending, setSending] = useState(false);
  const offered = useRef(false);
  const methodErrorId = useId();

  const bound = methods.data;
  const nothingBound = bound !== null && bound.length === 0;
  // Asked once when the tab shows with nothing bound; leaving the screen withdraws the question.
  useEffect(() => {
    if (!nothingBound || offered.current) return;
    offered.current = true;
    let cancel: (() => void) | undefined;
    void offerBinding(kind, (withdraw) => {
      cancel = withdraw;
    });
    return () => {
      // Also under StrictMode's trial unmount: the question is asked again by the second run.
      offered.current = false;
      cancel?.();
    };
  }, [nothingBound, kind]);

  const currencies = symbols.data ?? [];
  const currencyId = chosenCurrency ?? initialCurrencyId(currencies, bound ?? []);
  const currency = currencies.find((symbol) => symbol.id === currencyId) ?? null;
  const choices = methodsOfCurrency(bound ?? [], currency?.id ?? null);
  const method = choices.find((choice) => choice.id === chosenMethod) ?? choices[0] ?? null;
  const preview = withdrawPreview(amount, currency);
  const rule = currency && feeRule(currency);

  if (symbols.data === null || bound === null) {
    if (symbols.failed || methods.failed) {
      return (
        <div className="page-body withdraw-failed">
          <p className="form-note">{t('web.withdraw.load_failed')}</p>
          <Button
            variant="secondary"
            onClick={() => void Promise.all([symbols.reload(), methods.reload()])}
          >
            {t('web.list.retry')}
          </Button>
        </div>
      );
    }
    return (
      <div className="page-body">
        <SkeletonBlock height={320} label={t('web.common.loading')} />
      </div>
    );
  }

  const usd = (value: string) =>
    value === NO_VALUE ? NO_VALUE : t('web.wallet.amount_usd', { amount: decimal(value) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (nothingBound) {
      void offerBinding(kind);
      return;
    }
    // The button is disabled until a currency is chosen.
    if (!currency) return;
    const draft = { currency, methodId: method?.id ?? null, amount, memo };
    const found = validateWithdraw(draft, summary?.balance ?? null, texts.methodRequired);
    setIssues(found);
    if (Object.keys(found).length > 0 || method === null) return;
    const payload = drawPayload({ ...draft, methodId: method.id });
    // Money leaves for good: everything it is sent with is said once more before it goes, the
    // destination whole, every character, grouped for reading.
    const destination =
      kind === BANK_KIND
        ? {
            label: t('web.withdraw.bank_account'),
            name: method.bank_name,
            value: method.payee_account,
          }
        : { label: currencyLabel(currency), name: '', value: method.dc_address };
    const confirmed = await confirm({
      message: t('web.withdraw_confirm.message', {
        amount: usd(formatBalance(payload.number)),
        fee: usd(preview.fee),
        received: decimal(preview.received),
      }),
      destination,
      confirmLabel: t('web.withdraw_confirm.confirm'),
      cancelLabel: t('web.common.cancel'),
      danger: false,
    });
    if (!confirmed) return;
    setSending(true);
    try {
      await api.call('draw', payload);
    } catch {
      // Told by the API layer; what was typed stays.
      setSending(false);
      return;
    }
    setSending(false);
    setAmount('');
    setMemo('');
    void refreshSummary();
    onSubmitted();
  };

  return (
    <form
      className="page-body form-stack"
      noValidate
      aria-label={t('web.withdraw.form_label')}
      onSubmit={submit}
    >
      <SelectField
        label={t('web.withdraw.currency')}
        placeholder={t('web.common.choose')}
        options={currencies.map((symbol) => ({
          value: String(symbol.id),
          label: currencyLabel(symbol),
        }))}
        value={currency ? String(currency.id) : ''}
        onChange={(event) => {
          setChosenCurrency(event.target.value === '' ? null : Number(event.target.value));
          setChosenMethod(null);
          setIssues(({ method: _changed, ...rest }) => rest);
        }}
      />
      <div>
        <SelectField
          label={t(texts.method)}
          placeholder={t('web.common.choose')}
          options={choices.map((choice) => ({
            value: String(choice.id),
            label: methodOptionLabel(choice),
          }))}
          value={method ? String(method.id) : ''}
          disabled={choices.length === 0}
          aria-invalid={issues.method ? true : undefined}
          aria-describedby={issues.method ? methodErrorId : undefined}
          onChange={(event) => {
            setChosenMethod(event.target.value === '' ? null : Number(event.target.value));
            setIssues(({ method: _changed, ...rest }) => rest);
          }}
        />
        {issues.method && (
          <p className="field-error" id={methodErrorId} role="alert">
            {t(issues.method)}
          </p>
        )}
        {currency && choices.length === 0 && (
          <p className="form-note withdraw-unbound">
            {t(texts.noneForCurrency)} <Link href={bindRoute(kind)}>{t(texts.add)}</Link>
          </p>
        )}
        {method && kind !== BANK_KIND && (
          <p className="form-note wallet-address" data-testid="withdraw-destination">
            {method.dc_address}
          </p>
        )}
      </div>
      <Field
        label={t('web.withdraw.amount')}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        error={issues.amount && t(issues.amount)}
        onChange={(event) => {
          const kept = cleanAmountInput(event.target.value);
          if (kept === null) return;
          setAmount(kept);
          setIssues(({ amount: _changed, ...rest }) => rest);
        }}
      />
      <p className="form-note withdraw-available">
        {t('web.withdraw.available')}:{' '}
        <span className="num" data-testid="withdraw-available">
          {usd(summary ? formatBalance(summary.balance) : NO_VALUE)}
        </span>
      </p>
      <Field
        label={t('web.withdraw.remark')}
        placeholder={t('web.withdraw.remark_placeholder')}
        autoComplete="off"
        maxLength={MEMO_MAX_LENGTH}
        value={memo}
        error={issues.memo && t(issues.memo)}
        onChange={(event) => {
          setMemo(event.target.value);
          setIssues(({ memo: _changed, ...rest }) => rest);
        }}
      />
      <div className="row-list withdraw-preview" aria-live="polite">
        <InfoRow
          label={t('web.withdraw.fee')}
          value={<span data-testid="withdraw-fee">{usd(preview.fee)}</span>}
        />
        <InfoRow
          label={t('web.withdraw.received')}
          value={<span data-testid="withdraw-received">{decimal(preview.received)}</span>}
        />
      </div>
      {rule && (
        <p className="form-note">
          {rule.kind === 'fixed'
            ? t('web.withdraw.fee_fixed', { fee: decimal(rule.fee) })
            : t('web.withdraw.fee_percent', { rate: decimal(rule.rate) })}
        </p>
      )}
      <Button type="submit" block busy={sending} disabled={currency === null}>
        {t('web.common.submit')}
      </Button>
    </form>
  );
}
