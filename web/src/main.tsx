// First: the live worker starts before the rest of the entry evaluates (see start-live.ts).
import { releaseSocketLogin } from './app/start-live.js';
import './styles/index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { subscribe } from 'valtio/vanilla';
import { sendFirstScreenReads } from './api/index.js';
import { App } from './app/App.js';
import { firstScreenShown, whenBrowserIdle } from './app/first-screen.js';
import { splitHash } from './app/location.js';
import { TRADE_LIST_PATHS } from './app/routes.js';
import { preloadScreen } from './app/screens.js';
import { startApp } from './app/startup.js';
import { followLanguageSetting } from './i18n/index.js';
import { startAccountFeed } from './live/account-feed.js';
import { market, showQuotesCopy, startFirstTradeList, startQuoteFeed } from './state/market.js';
import { followPhoneTheme } from './state/theme.js';
import { showAccountCopy } from './state/trading.js';

followLanguageSetting();
followPhoneTheme();
// The first screen's data and code before anything else: its reads go out while the screen's
// chunk loads (preloaded by index.html) and the first render runs; the live worker checks
// their answers (api/index.ts), so no REST client loads before the first screen. The trade
// list is taken as soon as it is in (the first navigation's read, not repeated by the app).
const { path } = splitHash(location.hash);
const opensOnQuotes = TRADE_LIST_PATHS.has(path);
// No network: the quotes and the account this device kept show at once, delayed and not
// tradable, until the network answers (state/device-copy.ts).
if (!navigator.onLine) {
  void showQuotesCopy();
  void showAccountCopy();
}
sendFirstScreenReads(opensOnQuotes);
if (opensOnQuotes) startFirstTradeList();
preloadScreen(path);
startQuoteFeed();
// The startup sequence: its status check answers as soon as its early read does; the stored
// login's check, the base settings, the account feed's reads of the orders and the socket's
// login (see start-live.ts) wait until the first screen has shown (on a slow phone, the reads
// they set off — and the REST client and schemas they load — would compete with the first
// quotes for the main thread).
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
void startApp(firstScreen);
void firstScreen.then(releaseSocketLogin);
startAccountFeed(firstScreen);
// The service worker, which lets the next visit open with no signal, never competes with the
// first screen: its code and the shell it downloads come after.
const registerServiceWorker = () =>
  import('./app/service-worker.js')
    .then((module) => module.registerServiceWorker())
    .catch((error: unknown) => console.warn('service worker not registered', error));
void firstScreen.then(registerServiceWorker);

// One task later: the live worker's thread starts first (see start-live.ts). A transition: the
// first render is made in slices between which the main thread is free (it was the longest task
// of the start on a slow phone: Lighthouse's blocking time ~390 → ~270 ms).
setTimeout(() => {
  const root = document.getElementById('root');
  if (!root) return;
  const app = createRoot(root);
  startTransition(() => {
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}, 0);
