import { useTranslation } from 'react-i18next';
import { useConnection } from '../live/hooks.js';
import type { ConnectionState } from '../worker/contract.js';

/** The text of each connection state. */
const STATE_TEXT: Readonly<Record<ConnectionState, string>> = {
  offline: 'web.connection.offline',
  connecting: 'web.connection.connecting',
  live: 'web.connection.live',
  reconnecting: 'web.connection.reconnecting',
};

/**
 * The live connection's state for every screen: a thin bar at the top of the page while the
 * connection is lost, or while the account's live updates are paused (the gateway refused the
 * login for now; the socket tries again by itself), nothing visible (and no space taken) while
 * it is live or first being made (the screens' headers say that). It sits in the page's flow,
 * so it never covers a figure. It is one status region that stays in the page, so each change
 * is announced.
 */
export function ConnectionBadge() {
  const { t } = useTranslation();
  const { state, accountPaused } = useConnection();
  const lost = state === 'offline' || state === 'reconnecting';
  const paused = !lost && accountPaused;
  return (
    <div
      className="connection-badge"
      role="status"
      data-state={state}
      data-account-paused={paused || undefined}
      data-testid="connection-badge"
    >
      <span className={lost || paused ? 'connection-bar' : 'visually-hidden'}>
        {t(paused ? 'web.connection.account_paused' : STATE_TEXT[state])}
      </span>
    </div>
  );
}

/** A small dot coloured by the connection state, for a screen header (the badge speaks). */
export function ConnectionDot() {
  const { t } = useTranslation();
  const { state } = useConnection();
  return (
    <span
      className="connection-dot"
      data-state={state}
      title={t(STATE_TEXT[state])}
      aria-hidden="true"
    />
  );
}
