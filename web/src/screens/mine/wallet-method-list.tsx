import type { WithdrawMethod } from '@pipstream/protocol';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { api } from '../../api/index.js';
import { i18n } from '../../i18n/index.js';
import { confirm } from '../../state/ui.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { IconLink } from '../../ui/IconLink.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { SkeletonList } from '../../ui/Skeleton.js';
import { SwipeRow } from '../../ui/SwipeRow.js';
import { useDrawMethods } from './wallet-data.js';
import { BANK_KIND, bindRoute, type DrawKind, methodTitle } from './wallet-methods.js';

/** The texts of each kind's list. */
const TEXTS = {
  1: {
    title: 'web.wallet.coin_addresses',
    add: 'web.wallet.add_coin',
    empty: 'web.wallet.no_coin',
    list: 'web.wallet.coin_list_label',
  },
  2: {
    title: 'web.wallet.bank_cards',
    add: 'web.wallet.add_bank',
    empty: 'web.wallet.no_bank',
    list: 'web.wallet.bank_list_label',
  },
} as const satisfies Record<DrawKind, Record<string, string>>;

/** The question asked before a method is unbound (SPEC §5: deleting asks first). */
function deleteQuestion(method: WithdrawMethod): string {
  return method.type === BANK_KIND
    ? i18n.t('web.wallet.delete_bank_confirm', {
        bank: method.bank_name,
        account: method.payee_account,
      })
    : i18n.t('web.wallet.delete_coin_confirm', {
        currency: methodTitle(method),
        address: method.dc_address,
      });
}

/** One bound method: what it is and where it pays to. */
function MethodSummary({ method }: { readonly method: WithdrawMethod }) {
  const { t } = useTranslation();
  if (method.type === BANK_KIND) {
    return (
      <>
        <span className="wallet-method-title">{method.bank_name}</span>
        <span className="wallet-method-detail">
          {t('web.wallet.payee')}: {method.payee_name}
        </span>
        <span className="wallet-method-detail num">
          {t('web.wallet.account')}: {method.payee_account}
        </span>
        <span className="wallet-method-currency">{method.draw_currency.code}</span>
      </>
    );
  }
  return (
    <>
      <span className="wallet-method-title">{methodTitle(method)}</span>
      <span className="wallet-method-detail wallet-address">{method.dc_address}</span>
    </>
  );
}

/**
 * `/mine/coin-address-list` and `/mine/bank-card-list`: the bound methods of a kind, each
 * deletable by swiping it or by its delete button (after confirmation); the plus binds another.
 */
export function MethodList({ kind }: { readonly kind: DrawKind }) {
  const { t } = useTranslation();
  const texts = TEXTS[kind];
  const methods = useDrawMethods(kind);
  const [busyId, setBusyId] = useState<number | null>(null);

  const remove = async (method: WithdrawMethod) => {
    const ok = await confirm({
      message: deleteQuestion(method),
      confirmLabel: t('web.wallet.delete'),
      cancelLabel: t('web.common.cancel'),
      danger: true,
    });
    if (!ok) return;
    setBusyId(method.id);
    try {
      // The server's message is toasted (SPEC §8); a failure was toasted too.
      await api.call('delDrawMethod', { id: method.id });
      await methods.reload();
    } catch {
      // Already told; the row stays.
    } finally {
      setBusyId(null);
    }
  };

  let body: ReactNode;
  if (methods.data === null && !methods.failed) {
    body = <SkeletonList rows={3} />;
  } else if (methods.data === null) {
    body = (
      <EmptyState text={t('web.list.load_failed')}>
        <Button variant="secondary" onClick={() => void methods.reload()}>
          {t('web.list.retry')}
        </Button>
      </EmptyState>
    );
  } else if (methods.data.length === 0) {
    body = (
      <EmptyState icon={kind === BANK_KIND ? 'bank' : 'coin'} text={t(texts.empty)}>
        <Link href={bindRoute(kind)} className="btn btn-secondary">
          {t(texts.add)}
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className="wallet-methods" aria-label={t(texts.list)}>
          {methods.data.map((method) => (
            <SwipeRow
              key={method.id}
              testId={`method-${method.id}`}
              actionLabel={t('web.wallet.delete')}
              shortcutLabel={t('web.wallet.delete_named', {
                name:
                  method.type === BANK_KIND
                    ? `${method.bank_name} ${method.payee_account}`
                    : `${methodTitle(method)} ${method.dc_address}`,
              })}
              busy={busyId === method.id}
              onAction={() => void remove(method)}
            >
              <MethodSummary method={method} />
            </SwipeRow>
          ))}
        </ul>
        <p className="form-note wallet-hint">{t('web.wallet.swipe_hint')}</p>
      </>
    );
  }

  return (
    <>
      <PageHeader
        backTo="/mine/wallet"
        title={t(texts.title)}
        actions={<IconLink to={bindRoute(kind)} icon="plus" label={t(texts.add)} />}
      />
      <div className="page-body" aria-busy={busyId !== null || undefined}>
        {body}
      </div>
    </>
  );
}
