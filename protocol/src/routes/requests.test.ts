import { describe, expect, it } from 'vitest';
import { parseWith } from '../schemas/explain.js';
import { routes } from './table.js';

type Name = keyof typeof routes;

/** Payloads as a browser sends them: every value a string, as in a query or a form. */
const ACCEPTED: [Name, Record<string, unknown>, Record<string, unknown>][] = [
  [
    'loginForU',
    { account: 'a@b.co', password: 'secret1', login_type: 'email' },
    { login_type: 'email' },
  ],
  [
    'register',
    { type: 'mobile', mobile: '5551234', area_id: '3', password: 'abcdef', re_password: 'abcdef' },
    { area_id: 3 },
  ],
  [
    'submit',
    { type: '1', cont: '0.01', forex_id: '7', status: '1', multiple: '100', t: '1' },
    { type: 1, cont: 0.01, target_price: 0, stop_loss_price: 0, target_profit_price: 0 },
  ],
  ['myDeal', { status: '3' }, { status: 3, page: 1 }],
  ['kline', { forex_id: '2' }, { period: '1min' }],
  ['draw', { draw_currency_id: '1', number: '100.50', draw_method_id: '2' }, { number: '100.50' }],
  ['bindDrawMethod', { type: '1', draw_id: '1', dc_address: 'TXYZ' }, { dc_address: 'TXYZ' }],
  ['newsList', { page: '2' }, { category_id: 1, page: 2 }],
];

/** Malformed payloads, and the field the error must name. */
const REFUSED: [Name, Record<string, unknown>, string][] = [
  ['loginForU', { account: '', password: 'x', login_type: 'email' }, 'account'],
  ['loginForU', { account: 'a', password: 'x', login_type: 'fax' }, 'login_type'],
  [
    'register',
    { type: 'email', account: 'a@b.co', password: 'abcdef', re_password: 'abcdeg' },
    're_password',
  ],
  [
    'register',
    { type: 'email', account: 'a@b.co', password: '123', re_password: '123' },
    'password',
  ],
  [
    'forgetPassword',
    { type: 'email', account: 'a', new_password: 'abcdef', secondary_password: 'abcdef' },
    'auth_code',
  ],
  ['sendSms', { to: '5551234', type: '1' }, 'area_id'],
  ['sendEmail', { to: 'a@b.co', type: '9' }, 'type'],
  ['submit', { type: '1', cont: '-1', forex_id: '7', status: '1', multiple: '10' }, 'cont'],
  ['submit', { type: '1', cont: 'lots', forex_id: '7', status: '1', multiple: '10' }, 'cont'],
  [
    'submit',
    { type: '1', cont: '1', forex_id: '7', status: '1', multiple: '10', stop_loss_price: '-2' },
    'stop_loss_price',
  ],
  ['submit', { type: '3', cont: '1', forex_id: '7', status: '1', multiple: '10' }, 'type'],
  ['myDeal', { status: '2' }, 'status'],
  ['myDeal', { status: '1', page: '0' }, 'page'],
  ['kline', { forex_id: '1', period: '2min' }, 'period'],
  ['close', { id: '' }, 'id'],
  ['close', { id: '1e400' }, 'id'],
  ['draw', { draw_currency_id: '1', number: '0', draw_method_id: '2' }, 'number'],
  ['draw', { draw_currency_id: '1', number: '1e5', draw_method_id: '2' }, 'number'],
  ['bindDrawMethod', { type: '2', draw_id: '1', bank_name: 'B' }, 'payee_name'],
  ['bindDrawMethod', { type: '1', draw_id: '1' }, 'dc_address'],
  ['realName', { name: 'A', card_id: '', front_pic: '/a', reverse_pic: '/b' }, 'card_id'],
  ['imageUpload', { file: 'not a file' }, 'file'],
  ['chargeWireSubmit', { number: '10', proofImg: '/p.png' }, 'wire_id'],
  ['chargeHistory', { type: '5' }, 'type'],
  ['defaultSetting', { key: 'password' }, 'key'],
];

describe('request schemas', () => {
  it.each(ACCEPTED)('%s accepts a browser payload', (name, payload, expected) => {
    const parsed = parseWith(routes[name].request, payload);
    expect(parsed.ok ? parsed.value : parsed.error).toMatchObject(expected);
  });

  it.each(REFUSED)('%s refuses %o naming %s', (name, payload, field) => {
    const parsed = parseWith(routes[name].request, payload);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(new RegExp(`(^|; )${field}: `));
  });

  it('never throws on hostile input', () => {
    const hostile: unknown[] = [null, 42, 'x', [], { __proto__: { admin: 1 } }, { id: {} }];
    for (const route of Object.values(routes)) {
      for (const input of hostile) expect(() => route.request.safeParse(input)).not.toThrow();
    }
  });
});
