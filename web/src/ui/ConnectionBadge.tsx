import { useTranslation } from 'react-i18next';
import { useConnection } from '../live/hooks.js';
import type { ConnectionState } from '../worker/api.js';

/** The text of each connection state. */
const STATE_TEXT: Readonly<Record<ConnectionState, string>> = {
  offline: 'web.connection.offline',
  connecting: 'web.connection.connecting',
  live: 'web.connection.live',
  reconnecting: 'web.connection.reconnecting',
};

/**
 * The live connection's state for every screen: a thin bar under the header while quotes are
 * not live, nothing visible (and no space taken) while they are. It is one status region that
 * stays in the page, so each change is announced; the bar only fades in after a moment, so a
 * connection made quickly never flashes it.
 */
export function ConnectionBadge() {
  const { t } = useTranslation();
  const { state } = useConnection();
  return (
    <div
      className="connection-badge"
      role="status"
      data-state={state}
      data-testid="connection-badge"
    >
      <span className={state === 'live' ? 'visually-hidden' : 'connection-bar'}>
        {t(STATE_TEXT[state])}
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
