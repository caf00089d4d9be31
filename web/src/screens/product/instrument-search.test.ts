import { describe, expect, it } from 'vitest';
import { searchInstruments, searchKey } from './instrument-search.js';

const list = [
  { Id: 1, Code: 'EURUSD', ShowCode: 'EUR/USD' },
  { Id: 2, Code: 'GBPUSD', ShowCode: 'GBP/USD' },
  { Id: 3, Code: 'EURGBP', ShowCode: 'EUR/GBP' },
  { Id: 4, Code: 'USDJPY', ShowCode: 'USD/JPY' },
  { Id: 5, Code: 'COPPER', ShowCode: 'Copper' },
  { Id: 6, Code: 'XAUUSD', ShowCode: 'Gold' },
];

const ids = (query: string) => searchInstruments(list, query).map((i) => i.Id);

describe('searchKey', () => {
  it('drops case, width, spaces and separators', () => {
    expect(searchKey('EUR/USD')).toBe('eurusd');
    expect(searchKey(' eur usd ')).toBe('eurusd');
    expect(searchKey('ＥＵＲ－ＵＳＤ')).toBe('eurusd');
    expect(searchKey('S&P 500')).toBe('sp500');
  });

  it('keeps letters of any script', () => {
    expect(searchKey('黃金 / USD')).toBe('黃金usd');
  });
});

describe('searchInstruments', () => {
  it('finds by code or display name, ignoring case', () => {
    expect(ids('gold')).toEqual([6]);
    expect(ids('xau')).toEqual([6]);
    expect(ids('Copper')).toEqual([5]);
  });

  it('matches across separators typed or not', () => {
    expect(ids('eur/usd')).toEqual([1]);
    expect(ids('EUR USD')).toEqual([1]);
    expect(ids('eurusd')).toEqual([1]);
  });

  it('puts exact matches first, then prefixes, then the rest, each in list order', () => {
    // GBP: prefix of GBPUSD, inside EURGBP.
    expect(ids('gbp')).toEqual([2, 3]);
    // USD: prefix of USDJPY; inside EURUSD, GBPUSD, XAUUSD.
    expect(ids('usd')).toEqual([4, 1, 2, 6]);
    expect(ids('eurgbp')).toEqual([3]);
  });

  it('finds nothing for an empty query or one of separators only', () => {
    expect(ids('')).toEqual([]);
    expect(ids('   ')).toEqual([]);
    expect(ids('/')).toEqual([]);
  });

  it('finds nothing when no code contains the query', () => {
    expect(ids('btc')).toEqual([]);
  });
});
