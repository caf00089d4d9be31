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
  '/mine/auth': retryableLazy(() => import('../screens/mine/Auth.js')),
  '/mine/invite': retryableLazy(() => import('../screens/mine/Invite.js')),
  '/mine/email': retryableLazy(() => import('../screens/mine/Email.js')),
  '/mine/announcement': retryableLazy(() => import('../screens/mine/Announcement.js')),
  '/mine/password': retryableLazy(() => import('../screens/mine/Password.js')),
  '/mine/history': retryableLazy(() => import('../screens/mine/History.js')),
  '/mine/charge': retryableLazy(() => import('../screens/mine/Charge.js')),
  '/mine/withdraw': retryableLazy(() => import('../screens/mine/Withdraw.js')),
  '/mine/chat': retryableLazy(() => import('../screens/mine/Chat.js')),
  '/mine/system': retryableLazy(() => import('../screens/mine/System.js')),
  '/mine/wallet': retryableLazy(() => import('../screens/mine/Wallet.js')),
  '/mine/bank-card-list': retryableLazy(() => import('../screens/mine/BankCardList.js')),
  '/mine/coin-address-list': retryableLazy(() => import('../screens/mine/CoinAddressList.js')),
  '/mine/withdraw-way': retryableLazy(() => import('../screens/mine/WithdrawWay.js')),
};

/**
 * Starts loading the screen the page opens on, before the first render asks for it: `/`, the
 * usual first screen, whose chunk `index.html` also preloads. Others load when rendered.
 */
export function preloadScreen(path: string): void {
  if (path === '/') void loadHome();
}
