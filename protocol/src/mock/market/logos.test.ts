import { describe, expect, it } from 'vitest';
import { CATALOGUE, LOGOS_PATH } from './catalogue.js';
import { logoAt, logoMark, logoSvg } from './logos.js';

describe('instrument logos', () => {
  it('marks a pair with its base and anything else with its code', () => {
    expect(logoMark('EURUSD', 'EUR/USD')).toBe('EUR');
    expect(logoMark('BTCUSDT', 'BTC/USDT')).toBe('BTC');
    expect(logoMark('AAPL', 'AAPL')).toBe('AAPL');
    expect(logoMark('USOIL', 'WTI Oil')).toBe('USOI');
  });

  it('draws one logo per listed instrument, at the path its Logo names', () => {
    for (const { instrument } of CATALOGUE) {
      expect(logoAt(instrument.Logo)).toBe(logoSvg(instrument.Code, instrument.ShowCode));
    }
  });

  it('keeps one colour per instrument and tells neighbours apart', () => {
    const fill = (code: string) => /fill="(hsl[^"]+)"/.exec(logoSvg(code, code))?.[1];
    expect(fill('EURUSD')).toBe(fill('EURUSD'));
    expect(fill('EURUSD')).not.toBe(fill('GBPUSD'));
  });

  it('answers nothing for a path that is not a listed logo', () => {
    for (const path of [
      `${LOGOS_PATH}NOPE.svg`,
      `${LOGOS_PATH}eurusd.svg`,
      `${LOGOS_PATH}EURUSD.png`,
      `${LOGOS_PATH}../EURUSD.svg`,
      `${LOGOS_PATH}`,
      '/logos/EURUSD.svg',
    ]) {
      expect(logoAt(path), path).toBeUndefined();
    }
  });

  it('escapes what it writes into the SVG', () => {
    expect(logoSvg('X', 'A<&/B')).toContain('>A&lt;&amp;<');
  });
});
