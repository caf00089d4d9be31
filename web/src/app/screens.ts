import type { ComponentType } from 'react';
import { retryableLazy } from './retryable-lazy.js';
import type { RoutePath } from './routes.js';

const loadHome = () => import('../screens/home/Home.js');

/**
 * Each route's screen, in its own chunk, loaded when first opened (and again after a failed
 * load, when it renders next).
 */
export const SCREENS: Record<RoutePath, ComponentType> = {
  '/': retryableLazy(loadHome),
  '/trade': retryableLazy(() => import('../screens/trade/Trade.js')),
  '/order': retryableLazy(() => import('../screens/order/Orders.js')),
  '/user': retryableLazy(() => import('../screens/user/UserCenter.js')),
  '/news': retryableLazy(() => import('../screens/news/News.js')),
  '/news/detail': retryableLazy(() => import('../screens/news/NewsDetail.js')),
  '/rank': retryableLazy(() => import('../screens/rank/Rank.js')),
  '/feedback': retryableLazy(() => import('../screens/feedback/Feedback.js')),
  '/login': retryableLazy(() => import('../screens/login/Login.js')),
  '/register': retryableLazy(() => import('../screens/register/Register.js')),
  '/forgot': retryableLazy(() => import('../screens/forgot/Forgot.js')),
  '/product': retryableLazy(() => import('../screens/product/Product.js')),
  '/language': retryableLazy(() => import('../screens/language/Language.js')),
  '/alerts': retryableLazy(() => import('../screens/alerts/Alerts.js')),
  '/mine/auth': retryableLazy(() => import('../screens/verification/Verification.js')),
  '/mine/invite': retryableLazy(() => import('../screens/invite/Invite.js')),
  '/mine/email': retryableLazy(() => import('../screens/support/ComplaintEmail.js')),
  '/mine/announcement': retryableLazy(() => import('../screens/support/Announcement.js')),
  '/mine/password': retryableLazy(() => import('../screens/settings/Password.js')),
  '/mine/history': retryableLazy(() => import('../screens/funding/Ledger.js')),
  '/mine/charge': retryableLazy(() => import('../screens/funding/Deposit.js')),
  '/mine/withdraw': retryableLazy(() => import('../screens/funding/Withdraw.js')),
  '/mine/chat': retryableLazy(() => import('../screens/support/Chat.js')),
  '/mine/system': retryableLazy(() => import('../screens/settings/Settings.js')),
  '/mine/wallet': retryableLazy(() => import('../screens/wallet/Wallet.js')),
  '/mine/bank-card-list': retryableLazy(() => import('../screens/wallet/BankCardList.js')),
  '/mine/coin-address-list': retryableLazy(() => import('../screens/wallet/CoinAddressList.js')),
  '/mine/withdraw-way': retryableLazy(() => import('../screens/wallet/BindMethod.js')),
};

/**
 * Starts loading the screen the page opens on, before the first render asks for it: `/`, the
 * usual first screen. Others load when rendered.
 */
export function preloadScreen(path: string): void {
  // A failure is the screen's own load to report (its boundary, its retries), not the page's.
  if (path === '/') loadHome().catch(() => undefined);
}
