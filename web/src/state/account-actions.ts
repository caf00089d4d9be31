/** The account's two confirmed actions: logging out, and resetting the demo account. */
import { api } from '../api/index.js';
import { i18n } from '../i18n/index.js';
import { navigate } from '../nav/location.js';
import { signOut } from './session.js';
import { confirm, showToast } from './ui.js';

/**
 * docs/product.md#states logout: after confirmation, clears token and user and says "logout
 * success".
 */
export async function logout(): Promise<void> {
  const ok = await confirm({
    message: i18n.t('web.user.logout_confirm'),
    confirmLabel: i18n.t('web.user.logout'),
    cancelLabel: i18n.t('web.common.cancel'),
    danger: true,
  });
  if (!ok) return;
  signOut();
  showToast(i18n.t('web.user.logout_success'), 'success');
  navigate('/', { replace: true });
}

/**
 * Resets the demo account after confirmation; the server's message is shown
 * (docs/product.md#errors).
 */
export async function resetDemoAccount(): Promise<void> {
  const ok = await confirm({
    message: i18n.t('web.user.reset_demo_confirm'),
    confirmLabel: i18n.t('web.user.reset_demo'),
    cancelLabel: i18n.t('web.common.cancel'),
    danger: false,
  });
  if (!ok) return;
  await api.call('resetForexDemoAccount').catch(() => undefined);
}
