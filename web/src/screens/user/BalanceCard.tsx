import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { useFormat } from '../../i18n/FormatProvider.js';
import { browserStorage } from '../../state/storage.js';
import { refreshSummary, wallet } from '../../state/wallet.js';
import { Icon } from '../../ui/Icon.js';
import { IconButton } from '../../ui/IconButton.js';
import { AccountUid } from './AccountUid.js';
import { balanceFigure, readBalanceHidden, writeBalanceHidden } from './balance-view.js';

const storage = browserStorage();

/**
 * Keeps the balance fresh while the card shows: read on mount, and again whenever the page
 * comes back to the foreground (a deposit approved while the user was in another app); a read
 * that failed is made again once the connection is back (state/wallet.ts).
 */
function useFreshSummary(): void {
  useEffect(() => {
    refreshSummary();
    const onVisible = () => {
      if (document.visibilityState === 'visible') refreshSummary();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
}

/**
 * The personal center's balance card: account kind (trade / mock), balance and frozen balance with
 * the product's (docs/product.md#constants) 2 decimals and a hide/show toggle remembered on this
 * device, who is logged in and their UID, and the deposit and withdraw buttons.
 */
export function BalanceCard({ demo, who }: { readonly demo: boolean; readonly who: string }) {
  const { t } = useTranslation();
  const { decimal } = useFormat();
  const titleId = useId();
  const { summary } = useSnapshot(wallet);
  const [hidden, setHidden] = useState(() => readBalanceHidden(storage));
  useFreshSummary();

  const toggle = () => {
    setHidden(!hidden);
    writeBalanceHidden(storage, !hidden);
  };

  return (
    <section className="card balance-card" aria-labelledby={titleId}>
      <div className="balance-head">
        <h2 id={titleId}>{demo ? t('web.user.mock_account') : t('web.user.trade_account')}</h2>
        <IconButton
          icon={hidden ? 'eyeOff' : 'eye'}
          label={hidden ? t('web.user.show_balance') : t('web.user.hide_balance')}
          aria-pressed={hidden}
          onClick={toggle}
        />
      </div>
      <p className="balance-amount">
        <span className="visually-hidden">{t('web.user.balance')} </span>
        <span className="num" data-testid="balance" aria-live="polite">
          {decimal(balanceFigure(summary?.balance, hidden))}
        </span>{' '}
        <span className="balance-currency">{t('web.common.usd')}</span>
      </p>
      <p className="balance-frozen">
        {t('web.user.frozen')}{' '}
        <span className="num" data-testid="frozen-balance">
          {decimal(balanceFigure(summary?.lock_balance, hidden))}
        </span>{' '}
        {t('web.common.usd')}
      </p>
      <p className="balance-who">{who}</p>
      <AccountUid />
      <div className="balance-actions">
        <Link href="/mine/charge" className="btn btn-primary">
          <Icon name="deposit" size={20} />
          {t('web.user.deposit')}
        </Link>
        <Link href="/mine/withdraw" className="btn btn-secondary">
          <Icon name="withdraw" size={20} />
          {t('web.user.withdraw')}
        </Link>
      </div>
    </section>
  );
}
