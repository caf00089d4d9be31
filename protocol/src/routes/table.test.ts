import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { explainIssues } from '../schemas/explain.js';
import type { RouteDef } from './define.js';
import { findRoute, routes } from './table.js';

/**
 * Every call the product names, by method and path (docs/product.md#calls). Calls whose path
 * the product leaves open (company search, captcha, complaint e-mail) are pinned by name below
 * with the path this project chose.
 */
const PRODUCT_CALLS = [
  'GET /api/default/area_list',
  'POST /api/user/loginForU',
  'GET /api/user/createAccountDemoForU',
  'GET /api/user/info',
  'POST /api/user/register',
  'POST /api/user/forget_password',
  'POST /api/user/amend_password',
  'POST /api/notify/send_email',
  'POST /api/notify/send_sms',
  'GET /api/basicSet/getBasicInfo',
  'GET /api/company/getCompany',
  'GET /api/company/getCompanyStatus',
  'GET /api/default/setting',
  'POST /api/common/image_upload',
  'POST /api/user_real/real_name',
  'GET /api/user_real/center',
  'GET /v1/api/main/wallet/getBalance',
  'GET /v1/api/main/user/resetForexDemoAccount',
  'GET /v1/api/forex/trade_list',
  'GET /v1/api/forex/getCategories',
  'GET /v1/api/forex/abbreviated_cache_kline',
  'GET /v1/api/forex/kline',
  'GET /v1/api/forex/submit',
  'GET /v1/api/forex/my_deal',
  'GET /v1/api/forex/close',
  'GET /v1/api/forex/cancel_trade',
  'GET /v1/api/forex/set_stop_price',
  'GET /api/follow/list',
  'GET /api/quickCharge/info',
  'GET /api/quickCharge/submit',
  'GET /api/quickCharge/wire_submit',
  'GET /api/quickCharge/symbols',
  'GET /api/quickCharge/wire_info',
  'GET /api/quickCharge/quick_ist',
  'GET /v1/api/main/account/forexDetail',
  'GET /v1/api/main/accountLog/forexChange',
  'GET /api/account/draw_symbol_list',
  'POST /api/account/draw',
  'GET /api/account/draw_list',
  'GET /api/wallet/get_draw_method',
  'POST /api/wallet/bind_draw_method',
  'POST /api/wallet/del_draw_method',
  'GET /api/news/list',
  'GET /api/news/info',
  'GET /manifest.json',
] as const;

const table = Object.entries(routes) as [string, RouteDef][];

describe('route table', () => {
  it.each(PRODUCT_CALLS)('holds %s', (call) => {
    const [method, path] = call.split(' ') as [string, string];
    expect(findRoute(method, path)).toBeDefined();
  });

  it('holds the calls whose path the product leaves to us', () => {
    expect(routes.companySearch.path).toBe('/api/company/search');
    expect(routes.captcha.path).toBe('/api/common/captcha');
    expect(routes.complaintEmail).toMatchObject({ host: 'provider', method: 'GET' });
  });

  it('has no call beyond those the product names and the three it leaves to us', () => {
    expect(table.length).toBe(PRODUCT_CALLS.length + 3);
  });

  it('never maps two names to one method and path', () => {
    const keys = table.map(([, r]) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('sends bodies only with POST, PUT and PATCH', () => {
    for (const [name, route] of table) {
      const bodyless = route.method === 'GET' || route.method === 'DELETE';
      expect(route.encoding === 'query', name).toBe(bodyless);
    }
  });

  it('form-encodes the calls the product names form-encoded and uploads as multipart', () => {
    for (const name of ['loginForU', 'register', 'draw', 'bindDrawMethod', 'delDrawMethod']) {
      expect(routes[name as keyof typeof routes].encoding, name).toBe('form');
    }
    expect(routes.imageUpload.encoding).toBe('multipart');
  });

  it('carries the client flags of docs/product.md#calls', () => {
    expect(routes.userInfo).toMatchObject({ initial: true, noErrorToast: true });
    expect(routes.imageUpload.showsLoading).toBe(true);
    expect(routes.newsInfo.showsLoading).toBe(true);
    expect(routes.manifest).toMatchObject({ answer: 'raw', host: 'origin' });
    const toasted = [
      'close',
      'cancelTrade',
      'setStopPrice',
      'resetForexDemoAccount',
      'sendEmail',
      'sendSms',
      'forgetPassword',
      'submit',
      'realName',
      'draw',
      'chargeSubmit',
      'chargeWireSubmit',
    ] as const;
    for (const name of toasted) expect(routes[name].toastOnSuccess, name).toBe(true);
  });

  it('keeps demo accounts out of the wallet, deposits, verification and password change', () => {
    const realOnly = [
      'amendPassword',
      'imageUpload',
      'realName',
      'realNameCenter',
      'draw',
      'drawList',
      'drawSymbolList',
      'getDrawMethod',
      'bindDrawMethod',
      'delDrawMethod',
      'chargeSubmit',
      'chargeWireSubmit',
      'chargeHistory',
    ] as const;
    for (const name of realOnly) expect(routes[name].access, name).toBe('real');
  });

  it('ignores the `t` timestamp on every query call', () => {
    for (const [name, route] of table) {
      if (route.encoding !== 'query') continue;
      const parsed = route.request.safeParse({ t: '1700000000000' });
      if (parsed.success) expect(parsed.data, name).not.toHaveProperty('t');
      else expect(explainIssues(parsed.error), name).not.toMatch(/^t:/);
    }
  });

  it('has a documented, JSON-Schema-describable shape for every request and answer', () => {
    for (const [name, route] of table) {
      expect(route.summary.length, name).toBeGreaterThan(10);
      if (route.encoding === 'multipart') continue;
      expect(() =>
        z.toJSONSchema(route.request, { io: 'input', unrepresentable: 'any' }),
      ).not.toThrow();
      expect(() =>
        z.toJSONSchema(route.response, { io: 'output', unrepresentable: 'any' }),
      ).not.toThrow();
    }
  });
});
