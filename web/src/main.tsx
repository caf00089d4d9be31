import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { followLanguageSetting } from './i18n/index.js';
import { startAccountFeed } from './live/account-feed.js';
import { startQuoteFeed } from './state/market.js';

followLanguageSetting();
startQuoteFeed();
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
