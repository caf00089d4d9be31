import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { LANGUAGE_NAME_KEYS } from '../../i18n/languages.js';
import { resetDemoAccount } from '../../state/account.js';
import { session } from '../../state/session.js';
import { settings } from '../../state/settings.js';
import { Icon } from '../../ui/Icon.js';
import { IconButton } from '../../ui/IconButton.js';
import { ActionRow, LinkRow } from '../../ui/ListRow.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { HIDDEN_AMOUNT, NO_AMOUNT } from '../mine/amounts.js';

/** The balance card: account kind, balance with a hide/show toggle, deposit and withdraw. */
function BalanceCard({ demo, who }: { readonly demo: boolean; readonly who: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [hidden, setHidden] = useState(false);
  return (
    <section className="card balance-card" aria-labelledby={titleId}>
      <div className="balance-head">
        <h2 id={titleId}>{demo ? t('web.user.mock_account') : t('web.user.trade_account')}</h2>
        <IconButton
          icon={hidden ? 'eyeOff' : 'eye'}
          label={hidden ? t('web.user.show_balance') : t('web.user.hide_balance')}
          aria-pressed={hidden}
          onClick={() => setHidden((value) => !value)}
        />
      </div>
      <p className="balance-amount">
        <span className="num">{hidden ? HIDDEN_AMOUNT : NO_AMOUNT}</span>{' '}
        <span className="balance-currency">{t('web.common.usd')}</span>
      </p>
      <p className="balance-who">{who}</p>
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

/** `/user`: the personal center. */
export default function UserCenter() {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  const { language } = useSnapshot(settings);
  const demo = user?.is_demo === 1;
  const who = user ? user.email || user.mobile || user.uid : '';
  return (
    <>
      <PageHeader title={t('web.user.title')} />
      <div className="page-body">
        <BalanceCard demo={demo} who={who} />
        <nav className="row-list" aria-label={t('web.user.menu')}>
          {demo && (
            <ActionRow icon="reset" label={t('web.user.reset_demo')} onClick={resetDemoAccount} />
          )}
          <LinkRow to="/mine/wallet" icon="wallet" label={t('web.user.wallet')} />
          <LinkRow to="/mine/auth" icon="shield" label={t('web.user.real_name')} />
          <LinkRow to="/mine/invite" icon="gift" label={t('web.user.invite')} />
          <LinkRow to="/mine/password" icon="lock" label={t('web.user.change_password')} />
          <LinkRow to="/mine/chat" icon="headset" label={t('web.user.customer_service')} />
          <LinkRow to="/mine/email" icon="mail" label={t('web.user.complaint_email')} />
          <LinkRow to="/mine/announcement" icon="megaphone" label={t('web.user.announcement')} />
          <LinkRow
            to="/language"
            icon="globe"
            label={t('web.user.language')}
            value={t(LANGUAGE_NAME_KEYS[language])}
          />
          <LinkRow to="/mine/system" icon="settings" label={t('web.user.other_settings')} />
        </nav>
      </div>
    </>
  );
}
