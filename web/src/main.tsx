import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { subscribe } from 'valtio/vanilla';
import { sendFirstScreenReads } from './api/index.js';
import { App } from './app/App.js';
import { firstScreenShown, whenBrowserIdle } from './app/first-screen.js';
import { splitHash } from './app/location.js';
import { startRealtime } from './app/realtime.js';
import { TRADE_LIST_PATHS } from './app/routes.js';
import { preloadScreen } from './app/screens.js';
import { followLanguageSetting } from './i18n/index.js';
import { startAccountFeed } from './live/account-feed.js';
import { market, startQuoteFeed } from './state/market.js';

followLanguageSetting();
// The first screen's data and code before anything else: its reads go out while the client,
// the screen's chunk and the startup check load (their files are preloaded by index.html), and
// the socket opens while the first render runs (the route guard's call then finds it started).
const { path } = splitHash(location.hash);
if (TRADE_LIST_PATHS.has(path)) sendFirstScreenReads();
preloadScreen(path);
startQuoteFeed();
startRealtime();
startAccountFeed();
// The startup sequence needs the protocol (its own chunk): it starts loading before the first
// render and its status check runs as soon as it is in; the stored login's check and the base
// settings wait until the first screen has shown (on a slow phone, the reads they set off —
// the holdings among them — would compete with the first quotes for the main thread).
const firstScreen = firstScreenShown({
  opensOnQuotes: TRADE_LIST_PATHS.has(path),
  loaded: () => market.loaded,
  subscribe: (listener) => subscribe(market, listener),
  whenIdle: whenBrowserIdle,
  after: (ms, task) => {
    const timer = setTimeout(task, ms);
    return () => clearTimeout(timer);
  },
});
void import('./app/startup.js').then(({ startApp }) => startApp(firstScreen));

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
