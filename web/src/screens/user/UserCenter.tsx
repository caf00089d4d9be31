import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { LANGUAGE_NAME_KEYS } from '../../i18n/languages.js';
import { navigate } from '../../nav/location.js';
import { resetDemoAccount } from '../../state/account-actions.js';
import { session } from '../../state/session.js';
import { settings } from '../../state/settings.js';
import { loadBaseSettings } from '../../state/site.js';
import { refreshSummary } from '../../state/wallet.js';
import { ActionRow, LinkRow } from '../../ui/ListRow.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { CHAT_ROUTE, serviceEntry } from '../support/service-link.js';
import { BalanceCard } from './BalanceCard.js';
import { ServiceDialog } from './ServiceDialog.js';

/**
 * Customer service as docs/product.md#routes has it, by `service_link_type`: 2 shows the link in a
 * dialog, 3 leaves for the link, anything else opens the in-app chat. Settings not loaded yet are
 * waited for; if they cannot be read the chat opens (and says what it lacks).
 */
function useCustomerService() {
  const [dialogLink, setDialogLink] = useState<string | null>(null);
  const open = async () => {
    const base = settings.base ?? (await loadBaseSettings().catch(() => null));
    const entry = serviceEntry(base, location.origin);
    if (entry.kind === 'dialog') setDialogLink(entry.link);
    else if (entry.kind === 'redirect') location.assign(entry.link);
    else navigate(CHAT_ROUTE);
  };
  return { open, dialogLink, closeDialog: () => setDialogLink(null) };
}

/** Resets the demo account (after its confirmation) and reads the balance it starts again with. */
async function resetDemoAndRefresh(): Promise<void> {
  await resetDemoAccount();
  await refreshSummary();
}

/**
 * `/user` (also `/mine`): the personal center, its entries in the product's
 * (docs/product.md#routes) order.
 */
export default function UserCenter() {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  const { language } = useSnapshot(settings);
  const service = useCustomerService();
  const demo = user?.is_demo === 1;
  const who = user ? user.email || user.mobile || user.uid : '';

  useEffect(() => {
    // The customer service row decides from these: read them before the user taps it.
    loadBaseSettings().catch(() => undefined);
  }, []);

  return (
    <>
      <PageHeader title={t('web.user.title')} />
      <div className="page-body">
        <BalanceCard demo={demo} who={who} />
        <nav className="row-list" aria-label={t('web.user.menu')}>
          {demo && (
            <ActionRow
              icon="reset"
              label={t('web.user.reset_demo')}
              onClick={resetDemoAndRefresh}
            />
          )}
          <LinkRow to="/mine/history" icon="history" label={t('web.history.title')} />
          <LinkRow to="/mine/wallet" icon="wallet" label={t('web.user.wallet')} />
          <LinkRow to="/mine/auth" icon="shield" label={t('web.user.real_name')} />
          <LinkRow to="/mine/invite" icon="gift" label={t('web.user.invite')} />
          <LinkRow to="/mine/password" icon="lock" label={t('web.user.change_password')} />
          <ActionRow
            icon="headset"
            label={t('web.user.customer_service')}
            chevron
            onClick={service.open}
          />
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
      {service.dialogLink !== null && (
        <ServiceDialog link={service.dialogLink} onClose={service.closeDialog} />
      )}
    </>
  );
}
