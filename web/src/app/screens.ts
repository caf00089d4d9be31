import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { RoutePath } from './routes.js';

type Screen = LazyExoticComponent<ComponentType>;

const loadHome = () => import('../screens/home/Home.js');

/** Each route's screen, in its own chunk, loaded when first opened. */
export const SCREENS: Record<RoutePath, Screen> = {
  '/': lazy(loadHome),
  '/trade': lazy(() => import('../screens/trade/Trade.js')),
  '/order': lazy(() => import('../screens/order/Orders.js')),
  '/user': lazy(() => import('../screens/user/UserCenter.js')),
  '/news': lazy(() => import('../screens/news/News.js')),
  '/news/detail': lazy(() => import('../screens/news/NewsDetail.js')),
  '/rank': lazy(() => import('../screens/rank/Rank.js')),
  '/feedback': lazy(() => import('../screens/feedback/Feedback.js')),
  '/login': lazy(() => import('../screens/login/Login.js')),
  '/register': lazy(() => import('../screens/register/Register.js')),
  '/forgot': lazy(() => import('../screens/forgot/Forgot.js')),
  '/product': lazy(() => import('../screens/product/Product.js')),
  '/language': lazy(() => import('../screens/language/Language.js')),
  '/mine/auth': lazy(() => import('../screens/mine/Auth.js')),
  '/mine/invite': lazy(() => import('../screens/mine/Invite.js')),
  '/mine/email': lazy(() => import('../screens/mine/Email.js')),
  '/mine/announcement': lazy(() => import('../screens/mine/Announcement.js')),
  '/mine/password': lazy(() => import('../screens/mine/Password.js')),
  '/mine/history': lazy(() => import('../screens/mine/History.js')),
  '/mine/charge': lazy(() => import('../screens/mine/Charge.js')),
  '/mine/withdraw': lazy(() => import('../screens/mine/Withdraw.js')),
  '/mine/chat': lazy(() => import('../screens/mine/Chat.js')),
  '/mine/system': lazy(() => import('../screens/mine/System.js')),
  '/mine/wallet': lazy(() => import('../screens/mine/Wallet.js')),
  '/mine/bank-card-list': lazy(() => import('../screens/mine/BankCardList.js')),
  '/mine/coin-address-list': lazy(() => import('../screens/mine/CoinAddressList.js')),
  '/mine/withdraw-way': lazy(() => import('../screens/mine/WithdrawWay.js')),
};

/**
 * Starts loading the screen the page opens on, before the first render asks for it: `/`, the
 * usual first screen, whose chunk `index.html` also preloads. Others load when rendered.
 */
export function preloadScreen(path: string): void {
  if (path === '/') void loadHome();
}
