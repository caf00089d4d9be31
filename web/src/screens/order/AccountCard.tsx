import { useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/FormatProvider.js';
import { useAccountPaint } from '../../live/hooks.js';
import { ACCOUNT_PNL_CLASS, createAccountPainter } from './figure-paint.js';

/**
 * The account over the order lists: total P&L of the holding orders, then each figure under
 * the name of what it is — available balance (the cash outside orders: the personal center's
 * balance), net value (equity), margin in use, free margin and risk rate — all live from the
 * worker with SPEC §9 decimals. `--` until the worker has the balance; a risk rate past a
 * warning level in its warning colour, stale figures dimmed. Ticks never render it: its
 * painter writes the figures into the DOM (see figure-paint.ts).
 */
export function AccountCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const { decimal } = useFormat();
  const floatingPnlText = useRef<HTMLSpanElement>(null);
  const balanceText = useRef<HTMLElement>(null);
  const equityText = useRef<HTMLElement>(null);
  const freeMarginText = useRef<HTMLElement>(null);
  const usedMarginText = useRef<HTMLElement>(null);
  const riskRateText = useRef<HTMLElement>(null);
  const paint = useMemo(
    () =>
      createAccountPainter(
        {
          floatingPnlText,
          balanceText,
          equityText,
          freeMarginText,
          usedMarginText,
          riskRateText,
        },
        decimal,
      ),
    [decimal],
  );
  useAccountPaint(paint);
  return (
    <section className="orders-account" aria-labelledby={titleId}>
      <h2 id={titleId} className="visually-hidden">
        {t('web.order.account')}
      </h2>
      <div className="orders-account-total">
        <span className="orders-account-label">{t('web.order.total_pnl')}</span>
        <span ref={floatingPnlText} className={ACCOUNT_PNL_CLASS} data-testid="total-pnl" />
      </div>
      <dl className="orders-account-figures">
        <div>
          <dt>{t('web.account_figures.available_balance')}</dt>
          {/* The balance changes only when an order opens or closes: worth announcing. */}
          <dd ref={balanceText} className="num" data-testid="account-balance" aria-live="polite" />
        </div>
        <div>
          <dt>{t('web.account_figures.net_value')}</dt>
          <dd ref={equityText} className="num" data-testid="account-equity" />
        </div>
        <div>
          <dt>{t('web.account_figures.margin_in_use')}</dt>
          <dd ref={usedMarginText} className="num" data-testid="account-margin" />
        </div>
        <div>
          <dt>{t('web.account_figures.free_margin')}</dt>
          <dd ref={freeMarginText} className="num" data-testid="account-free-margin" />
        </div>
        <div>
          <dt>{t('web.account_figures.risk_rate')}</dt>
          <dd ref={riskRateText} className="num" data-testid="account-risk-rate" />
        </div>
      </dl>
    </section>
  );
}
