import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  useAccount,
  useConnection,
  useHolding,
  useLatestCandle,
  useOrderEstimate,
  useOrderSignals,
  useQuote,
} from './hooks.js';
import { applyBatch, live } from './store.js';

function Probe() {
  const quote = useQuote(1);
  const missing = useQuote(2);
  const holding = useHolding(5);
  const account = useAccount();
  const estimate = useOrderEstimate();
  const candle = useLatestCandle();
  const connection = useConnection();
  const signals = useOrderSignals();
  return createElement(
    'output',
    null,
    [
      quote?.closeText,
      missing === undefined,
      holding === undefined,
      account === undefined,
      estimate === undefined,
      candle === undefined,
      connection.state,
      signals.closedSeq,
    ].join('|'),
  );
}

describe('live hooks', () => {
  it('read their own row, and undefined where there is none', () => {
    applyBatch(
      {
        connection: { state: 'live', loggedIn: false, accountPaused: false },
        quotes: new Map([
          [
            1,
            {
              id: 1,
              close: 1.5,
              open: 1.4,
              high: null,
              low: null,
              change: 1,
              prevClose: null,
              direction: 'flat',
              time: null,
              closeText: '1.500',
              changeText: '+1.00%',
              delayed: false,
              closed: false,
            },
          ],
        ]),
        closed: [3],
      },
      live,
    );
    expect(renderToString(createElement(Probe))).toBe(
      '<output>1.500|true|true|true|true|true|live|1</output>',
    );
  });
});
