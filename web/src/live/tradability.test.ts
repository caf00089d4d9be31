import { describe, expect, it } from 'vitest';
import { tradeBlock } from './tradability.js';

describe('tradeBlock', () => {
  it.each([
    ['offline', false, true, 'offline'],
    ['offline', true, false, 'offline'],
    ['connecting', false, true, 'reconnecting'],
    ['reconnecting', false, true, 'reconnecting'],
    ['live', false, false, 'market_closed'],
    ['live', true, true, 'delayed'],
    ['live', false, true, null],
  ] as const)('%s, delayed %s, open %s → %s', (connection, delayed, open, expected) => {
    expect(tradeBlock(connection, delayed, open)).toBe(expected);
  });
});
