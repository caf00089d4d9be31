/**
 * The baseline quotes page: the obvious way to build it. The socket lives on the main thread,
 * every message is `JSON.parse`d there and becomes one React state update, and the whole list
 * of rows renders on each. Written with `createElement` so the repository's TypeScript
 * settings (no JSX) check it as they are.
 */
import { createElement as h, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

interface Instrument {
  readonly Id: number;
  readonly Code: string;
  readonly ShowCode: string;
  readonly PricePrecision: number;
  readonly ForexQuotations: { readonly Close: number; readonly Change: number };
}

interface Tick {
  readonly Id: number;
  readonly Close: number;
  readonly Change: number;
}

/** The gateway's socket: `?ws=` names it, as the page is served from another port. */
const SOCKET_URL = new URLSearchParams(location.search).get('ws') ?? `ws://${location.host}/v1/ws`;

function Row({ instrument, quote }: { instrument: Instrument; quote: Tick | undefined }) {
  const close = quote?.Close ?? instrument.ForexQuotations.Close;
  const change = quote?.Change ?? instrument.ForexQuotations.Change;
  const tone = change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
  return h(
    'li',
    { className: 'row' },
    h(
      'span',
      { className: 'name' },
      h('b', null, instrument.ShowCode),
      h('small', null, instrument.Code),
    ),
    h(
      'span',
      { className: `price ${tone}`, 'data-testid': 'quote-price' },
      close.toFixed(instrument.PricePrecision),
    ),
    h('span', { className: `change ${tone}` }, `${change > 0 ? '+' : ''}${change.toFixed(2)}%`),
  );
}

function App() {
  const [instruments, setInstruments] = useState<Instrument[]>([]);
  const [quotes, setQuotes] = useState<Record<number, Tick>>({});

  useEffect(() => {
    fetch('/v1/api/forex/trade_list', { headers: { lang: 'en' } })
      .then((response) => response.json())
      .then((answer: { data: Instrument[] }) => setInstruments(answer.data));
  }, []);

  useEffect(() => {
    const socket = new WebSocket(SOCKET_URL);
    socket.onopen = () => socket.send(JSON.stringify({ type: 'sub', param: 'DAY_MARKET' }));
    socket.onmessage = (event: MessageEvent<string>) => {
      if (event.data === 'pong') return;
      const frame = JSON.parse(event.data) as { type: string; data: Tick[] };
      if (frame.type !== 'DAY_MARKET') return;
      setQuotes((previous) => {
        const next = { ...previous };
        for (const tick of frame.data) next[tick.Id] = tick;
        return next;
      });
    };
    const heartbeat = setInterval(() => socket.send('ping'), 5000);
    return () => {
      clearInterval(heartbeat);
      socket.close();
    };
  }, []);

  return h(
    'main',
    null,
    h('h1', null, 'Quotes'),
    h(
      'ul',
      { className: 'list' },
      instruments.map((instrument) =>
        h(Row, { key: instrument.Id, instrument, quote: quotes[instrument.Id] }),
      ),
    ),
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(h(App));
