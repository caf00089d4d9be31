/**
 * The app's start-up, in the order it happens (web/README.md draws it). On a low-end phone the
 * main thread is what the first seconds wait on, so the first screen — live quotes on `/` —
 * comes first, and work it does not show waits on one promise, `firstScreen`.
 */
import { createElement, StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { subscribe } from 'valtio/vanilla';
import { provideApiContext, sendFirstScreenReads } from '../api/index.js';
import { loadFallbackTexts } from '../i18n/index.js';
import { live } from '../live/store.js';
import { currentPath } from '../nav/location.js';
import { startAccountFeed } from '../state/account-feed.js';
import { followLanguageSetting } from '../state/language.js';
import { followLanguageCookie } from '../state/language-cookie.js';
import {
  followTradeListLanguage,
  market,
  showQuotesCopy,
  startFirstTradeList,
  startQuoteFeed,
} from '../state/market.js';
import { browserOffline, followNetwork, requestEnded } from '../state/network.js';
import { session, signOut } from '../state/session.js';
import { settings } from '../state/settings.js';
import { followPhoneTheme } from '../state/theme.js';
import { showAccountCopy, trading } from '../state/trading.js';
import { beginLoading, endLoading, showToast } from '../state/ui.js';
import { App } from './App.js';
import { checkCompanyStatus } from './company-status.js';
import { firstScreenShown, whenBrowserIdle } from './first-screen.js';
import { carriedLists, handOverFirstScreen } from './first-screen-handover.js';
import { holdSocketLogin, startRealtime } from './realtime.js';
import { TRADE_LIST_PATHS } from './routes.js';
import { preloadScreen } from './screens.js';

/** The longest wait for an idle moment before English's texts load (this project's choice). */
const FALLBACK_TEXTS_IDLE_MS = 1000;

/** Starts the app in `root`. */
export function boot(root: HTMLElement): void {
  // 0. The REST client sits below the app's state: it is given the session, the toasts and
  // the loading indicator here, before anything calls it.
  provideApiContext({
    user: () => ({ lang: settings.language, token: session.token }),
    browserOffline,
    toast: showToast,
    beginLoading,
    endLoading,
    answered: requestEnded,
    signOut,
  });

  // 1. The live worker (started as the entry evaluated: app/start-worker.ts) and its socket:
  // the quotes (DAY_MARKET, for the page's life) stream as soon as it is connected.
  // The socket opens public; the stored login follows in phase 3, as a trader's private pushes
  // (every holding at every tick) would compete with the first quotes.
  const releaseLogin = holdSocketLogin();
  startRealtime();
  // What the browser says of its network: a hint the worker takes at once.
  followNetwork();
  startQuoteFeed();

  // 2. The first screen. Its reads go out now, before any REST client has loaded: the live
  // worker checks their answers (api/early.ts), so neither zod nor the route table is built
  // on the main thread before the first quotes. The screen's chunk loads beside them. On `/`,
  // the first rows' quotes are asked for as the list comes in, ahead of the rows that show
  // them (state/market.ts).
  // The chosen language's texts: their chunk was fetched beside the entry (the page preloads it).
  const textsReady = followLanguageSetting();
  followLanguageCookie();
  followPhoneTheme();
  followTradeListLanguage();
  const path = currentPath();
  const opensOnQuotes = TRADE_LIST_PATHS.has(path);
  // No network: the quotes and the account this device kept show at once, delayed and not
  // tradable, until the network answers (state/device-copy.ts).
  if (browserOffline()) {
    void showQuotesCopy();
    void showAccountCopy();
  }
  sendFirstScreenReads(opensOnQuotes, carriedLists());
  if (opensOnQuotes) startFirstTradeList();
  preloadScreen(path);
  const statusChecked = checkCompanyStatus();
  // Once the chosen language's texts are in, so the first render shows no other language
  // first; and one task later: the worker's thread, whose start is a task of this thread,
  // comes first.
  const rendered = textsReady.then(
    () =>
      new Promise<void>((resolve) => {
        setTimeout(() => {
          render(root);
          // The screen the gateway painted stays until the app's own shows a live price.
          handOverFirstScreen(root);
          resolve();
        }, 0);
      }),
  );

  // 3. Once the first screen has shown its quotes (or at once, when the page opens elsewhere):
  // the socket's login, the stored login's check, then the holdings and balance of the account
  // feed; the price alerts are armed; fills and closes are announced from then on; the service
  // worker registers.
  const firstScreen = firstScreenShown({
    opensOnQuotes,
    loaded: () => market.loaded,
    subscribe: (listener) => subscribe(market, listener),
    whenIdle: whenBrowserIdle,
    after: (ms, task) => {
      const timer = setTimeout(task, ms);
      return () => clearTimeout(timer);
    },
  });
  void firstScreen.then(releaseLogin);
  // English, the fallback of every language, never ahead of the first screen: once it has
  // rendered and the main thread is idle.
  void Promise.all([rendered, firstScreen]).then(() =>
    whenBrowserIdle(() => void loadFallbackTexts(), FALLBACK_TEXTS_IDLE_MS),
  );
  // The status check may send the page away: the stored login and the alerts wait for it too.
  const started = Promise.all([statusChecked, firstScreen]);
  const loginChecked = started
    .then(() => import('./stored-login.js'))
    .then(({ checkStoredLogin }) => checkStoredLogin())
    .catch((error: unknown) => console.warn('stored login not checked', error));
  startAccountFeed(loginChecked);
  // The price alerts kept on the device, armed in the worker for visitors and users alike (a
  // chunk of its own: their shapes come with the protocol's schemas).
  void started
    .then(() => import('../state/alerts.js'))
    .then(({ startAlerts }) => startAlerts())
    .catch((error: unknown) => console.warn('price alerts not armed', error));
  void firstScreen
    .then(() => import('../state/order-news.js'))
    .then(({ announceOrderNews }) => announceOrderNews(trading, live.orders))
    .catch((error: unknown) => console.warn('order news not started', error));

  // The service worker, which lets the next visit open with no signal: its code and the shell
  // it downloads never compete with the first screen.
  void firstScreen
    .then(() => import('./service-worker.js'))
    .then(({ registerServiceWorker }) => registerServiceWorker())
    .catch((error: unknown) => console.warn('service worker not registered', error));
}

/**
 * The first render, as a transition: React renders it in slices with the main thread free
 * between them, so the worker's first batches are not held behind one long task.
 */
function render(root: HTMLElement): void {
  const app = createRoot(root);
  startTransition(() => {
    app.render(createElement(StrictMode, null, createElement(App)));
  });
}
