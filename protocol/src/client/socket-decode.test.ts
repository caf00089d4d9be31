import { describe, expect, it } from 'vitest';
import { decodeServerFrame } from './socket-decode.js';

const tick = {
  Id: 1,
  Code: 'EURUSD',
  Open: 1.1,
  High: 1.2,
  Low: 1,
  Close: 1.15,
  Change: 0.5,
  Time: 1,
};
const candle = { Time: 60, Open: 1, High: 2, Low: 0.5, Close: 1.5, Volume: 10 };

describe('decodeServerFrame', () => {
  it('validates each frame type against its own schema', () => {
    const cases = [
      { type: 'DAY_MARKET', code: 1, data: [tick] },
      { type: 'KLINE.EURUSD.1min', code: 1, data: candle },
      { type: 'FOREX_CLOSED', code: 1, data: [4, 5] },
      { type: 'error', code: 422, msg: 'bad frame' },
      { type: 'upstream', state: 'down' },
    ];
    for (const frame of cases) {
      expect(decodeServerFrame(JSON.stringify(frame), true)).toEqual({ ok: true, value: frame });
    }
  });

  it('returns the schema output: defaults filled, money normalised, unknown keys dropped', () => {
    const login = decodeServerFrame('{"type":"login_result","code":1,"extra":true}', true);
    expect(login).toEqual({ ok: true, value: { type: 'login_result', code: 1, msg: '' } });
    const trade = decodeServerFrame(
      JSON.stringify({
        type: 'FOREX_TRADE',
        code: 1,
        data: [{ Id: 9, UpdatePrice: 1.1, FactProfits: 12.5 }],
      }),
      true,
    );
    expect(trade).toEqual({
      ok: true,
      value: {
        type: 'FOREX_TRADE',
        code: 1,
        data: [{ Id: 9, UpdatePrice: 1.1, FactProfits: '12.5' }],
      },
    });
  });

  it('names the failing field of an invalid topic frame', () => {
    const result = decodeServerFrame(
      JSON.stringify({ type: 'DAY_MARKET', code: 1, data: [{ ...tick, Close: 'x' }] }),
      true,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^data\.0\.Close: /);
  });

  it('refuses text that is not a frame', () => {
    expect(decodeServerFrame('not json', true)).toEqual({ ok: false, error: 'not JSON' });
    expect(decodeServerFrame('[1,2]', true).ok).toBe(false);
    expect(decodeServerFrame('null', false).ok).toBe(false);
    expect(decodeServerFrame('{"type":3}', false)).toEqual({
      ok: false,
      error: 'type: expected a string',
    });
    expect(decodeServerFrame('{"type":"SOMETHING"}', true)).toEqual({
      ok: false,
      error: 'type: unknown frame type "SOMETHING"',
    });
  });

  it('without validation passes any typed object through untouched', () => {
    const raw = '{"type":"DAY_MARKET","code":1,"data":"not checked","extra":1}';
    expect(decodeServerFrame(raw, false)).toEqual({ ok: true, value: JSON.parse(raw) });
  });
});
