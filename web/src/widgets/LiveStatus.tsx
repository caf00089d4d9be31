import { useTranslation } from 'react-i18next';
import { useConnection, useMarketClosed, useQuoteDelayed } from '../live/hooks.js';

/** The text of each status (keys spelled out so the locale check finds them). */
const STATUS_TEXT = {
  offline: 'web.connection.offline',
  connecting: 'web.connection.connecting',
  reconnecting: 'web.connection.reconnecting',
  delayed: 'web.live_guard.delayed',
  closed: 'web.trade.market_closed',
  live: 'web.connection.live',
} as const;

/** The words of a status for one instrument's quote, or the connection alone. */
function InstrumentStatus({
  instrumentId,
  listedClosed,
}: {
  readonly instrumentId: number;
  readonly listedClosed: boolean;
}) {
  const { state } = useConnection();
  const delayed = useQuoteDelayed(instrumentId);
  const closed = useMarketClosed(instrumentId, listedClosed);
  if (state === 'live' && closed) return <Status state="closed" />;
  return <Status state={state === 'live' && delayed ? 'delayed' : state} />;
}

function ConnectionStatus() {
  const { state } = useConnection();
  return <Status state={state} />;
}

function Status({ state }: { readonly state: keyof typeof STATUS_TEXT }) {
  const { t } = useTranslation();
  return (
    <span className="live-status" data-state={state} data-testid="live-status">
      <span className="live-status-dot" aria-hidden="true" />
      {t(STATUS_TEXT[state])}
    </span>
  );
}

/**
 * A screen header's word on its figures: Live, Closed (the instrument's market), Delayed (its
 * quote stopped coming), Reconnecting… or Offline. Said in words, not only by a dot's colour.
 * Not a live region: the connection badge announces changes once for the whole page.
 * `listedClosed` is what the screen's trade list says of the market, until its quotes say.
 */
export function LiveStatus({
  instrumentId,
  listedClosed = false,
}: {
  readonly instrumentId?: number;
  readonly listedClosed?: boolean;
}) {
  return instrumentId === undefined ? (
    <ConnectionStatus />
  ) : (
    <InstrumentStatus instrumentId={instrumentId} listedClosed={listedClosed} />
  );
}
