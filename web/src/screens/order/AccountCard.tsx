import { NO_VALUE } from '@pipstream/protocol';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/FormatProvider.js';
import { useAccount } from '../../live/hooks.js';
import { pnlTone } from './order-view.js';

/**
 * The account over the order lists: total P&L of the holding orders and balance, net value,
 * available margin, margin used and risk rate, all live from the worker with SPEC §9 decimals.
 * `--` until the worker has the balance.
 */
export function AccountCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const account = useAccount();
  const { decimal } = useFormat();
  return (
    <section className="orders-account" aria-labelledby={titleId}>
      <h2 id={titleId} className="visually-hidden">
        {t('web.order.account')}
      </h2>
      <div className="orders-account-total">
        <span className="orders-account-label">{t('web.order.total_pnl')}</span>
        <span
          className={`num orders-account-pnl ${account ? pnlTone(account.floatingPnl) : ''}`}
          data-testid="total-pnl"
        >
          {decimal(account?.floatingPnlText ?? NO_VALUE)}
        </span>
      </div>
      <dl className="orders-account-figures">
        <div>
          <dt>{t('web.order.balance')}</dt>
          {/* The balance changes only when an order opens or closes: worth announcing. */}
          <dd className="num" data-testid="account-balance" aria-live="polite">
            {decimal(account?.balanceText ?? NO_VALUE)}
          </dd>
        </div>
        <div>
          <dt>{t('web.order.equity')}</dt>
          <dd className="num">{decimal(account?.equityText ?? NO_VALUE)}</dd>
        </div>
        <div>
          <dt>{t('web.order.free_margin')}</dt>
          <dd className="num">{decimal(account?.freeMarginText ?? NO_VALUE)}</dd>
        </div>
        <div>
          <dt>{t('web.order.used_margin')}</dt>
          <dd className="num">{decimal(account?.usedMarginText ?? NO_VALUE)}</dd>
        </div>
        <div>
          <dt>{t('web.order.risk_rate')}</dt>
          <dd className="num">{decimal(account?.riskRateText ?? NO_VALUE)}</dd>
        </div>
      </dl>
    </section>
  );
}
