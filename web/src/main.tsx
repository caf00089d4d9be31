import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { sendFirstScreenReads } from './api/index.js';
import { App } from './app/App.js';
import { splitHash } from './app/location.js';
import { startRealtime } from './app/realtime.js';
import { TRADE_LIST_PATHS } from './app/routes.js';
import { preloadScreen } from './app/screens.js';
import { followLanguageSetting } from './i18n/index.js';
import { startAccountFeed } from './live/account-feed.js';
import { startQuoteFeed } from './state/market.js';

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
// render and runs as soon as it is in.
void import('./app/startup.js').then(({ startApp }) => startApp());

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
