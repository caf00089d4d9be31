import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CODE } from '../../envelope.js';
import type { ResponseOf } from '../../routes/define.js';
import { routes } from '../../routes/table.js';
import { NEWS_CATEGORY } from '../../schemas/content.js';
import type { AreaCode } from '../../schemas/user.js';
import type { MockDeps } from '../deps.js';
import type { CallContext } from '../http/handler.js';
import { Reply } from '../http/handler.js';
import { ctxFor, makeDeps, refusalOf } from '../test-support.js';
import { createSiteService, type SiteHandlers } from './api.js';
import { NEWS_PAGE_SIZE } from './news.js';

const AREAS: readonly AreaCode[] = [
  { id: 1, code: 'HK', global_code: '852' },
  { id: 2, code: 'GB', global_code: '44' },
];

type Name = keyof SiteHandlers;
type Service = ReturnType<typeof createSiteService>;

/** Runs a handler as the dispatcher would: request schema in, response schema out. */
async function call<N extends Name>(
  service: Service,
  name: N,
  raw: unknown = {},
): Promise<ResponseOf<(typeof routes)[N]>> {
  const route = routes[name];
  const handler = service.handlers[name] as (input: unknown, ctx: CallContext) => unknown;
  const out = await handler(route.request.parse(raw), ctxFor());
  return route.response.parse(out instanceof Reply ? out.data : out) as ResponseOf<
    (typeof routes)[N]
  >;
}

/** Runs a control action with a JSON body, validated as the control dispatcher does. */
function control(service: Service, path: string, body: unknown): unknown {
  const action = service.controls.find((a) => a.path === path && a.method === 'POST');
  if (!action) throw new Error(`no control ${path}`);
  return action.run(action.input.parse(body));
}

describe('site service', () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => {
    for (const undo of cleanup.splice(0).reverse()) undo();
  });

  function service(deps: MockDeps = makeDeps()): Service {
    cleanup.push(() => deps.db.close());
    return createSiteService(deps, AREAS);
  }

  function tempDir(): string {
    const dir = mkdtempSync(join(tmpdir(), 'pipstream-site-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  it('answers every call in the shape of its route', async () => {
    const site = service();
    expect(await call(site, 'areaList')).toEqual(AREAS);
    expect(await call(site, 'basicInfo')).toMatchObject({ title: 'Pipstream', trade_fee_type: 2 });
    expect(await call(site, 'company')).toMatchObject({
      name: expect.stringContaining('Pipstream Markets'),
      email: 'support@pipstream.example',
      logo: '/logos/company.svg',
    });
    expect(await call(site, 'companyStatus')).toEqual({
      status: 1,
      type: 1,
      loss_url: 'https://www.pipstream.example/closed',
    });
    expect((await call(site, 'companySearch')).length).toBeGreaterThanOrEqual(15);
    expect(await call(site, 'defaultSetting', { key: 'is_show_mobile' })).toEqual({
      key: 'is_show_mobile',
      value: '1',
    });
    expect(await call(site, 'complaintEmail')).toEqual({ email: 'complaints@pipstream.example' });
    expect(await call(site, 'newsList', { category_id: '1', page: '1' })).toMatchObject({
      total: expect.any(Number),
    });
    expect(await call(site, 'newsInfo', { id: '1' })).toMatchObject({ id: 1 });
    expect(await call(site, 'followList')).toHaveLength(20);
  });

  it('serves an installable web app manifest named after the site title', async () => {
    const site = service();
    const manifest = await call(site, 'manifest');
    expect(manifest).toMatchObject({
      name: 'Pipstream',
      short_name: 'Pipstream',
      start_url: './',
      display: 'standalone',
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    expect(manifest.icons).toEqual(
      expect.arrayContaining([
        { src: '/icons/192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/512.png', sizes: '512x512', type: 'image/png' },
      ]),
    );
    control(site, '/settings/base', { title: 'DEMO' });
    expect((await call(site, 'manifest')).name).toBe('DEMO');
  });

  it('pages news newest first, dated from the clock, with HTML details', async () => {
    const deps = makeDeps();
    deps.clock.advance(30 * 86_400_000);
    const site = service(deps);
    const first = await call(site, 'newsList', { page: 1 });
    expect(first.data).toHaveLength(NEWS_PAGE_SIZE);
    expect(first.total).toBeGreaterThanOrEqual(20);
    // Dated from the mock clock (30 days ahead here), not from the wall clock.
    const newestAt = Date.parse(`${first.data[0]?.created_at.replace(' ', 'T')}Z`);
    expect(newestAt).toBeLessThan(deps.clock.now());
    expect(newestAt).toBeGreaterThan(deps.clock.now() - 6 * 3_600_000);
    const second = await call(site, 'newsList', { category_id: NEWS_CATEGORY, page: 2 });
    expect(second.total).toBe(first.total);
    expect((second.data[0]?.created_at ?? '') < (first.data.at(-1)?.created_at ?? '')).toBe(true);
    const pages = Math.ceil(first.total / NEWS_PAGE_SIZE);
    expect((await call(site, 'newsList', { page: pages + 1 })).data).toEqual([]);

    const newest = first.data[0];
    const detail = await call(site, 'newsInfo', { id: newest?.id });
    expect(detail).toMatchObject({ ...newest });
    expect(detail.content).toContain('<img');
    expect(detail.content).toMatch(/<ul>|<ol>/);
  });

  it('refuses an unknown news id with NOT_FOUND', async () => {
    const site = service();
    const refusal = await refusalOf(() => site.handlers.newsInfo({ id: 9999 }, ctxFor()));
    expect(refusal.key).toBe('not_found');
    expect(refusal.code).toBe(CODE.NOT_FOUND);
  });

  it('refuses bad input before it reaches a handler', () => {
    expect(routes.newsInfo.request.safeParse({}).success).toBe(false);
    expect(routes.newsInfo.request.safeParse({ id: 'abc' }).success).toBe(false);
    expect(routes.newsInfo.request.safeParse({ id: '0' }).success).toBe(false);
    expect(routes.newsList.request.safeParse({ page: '0' }).success).toBe(false);
    expect(routes.newsList.request.safeParse({ page: '1.5' }).success).toBe(false);
    expect(routes.defaultSetting.request.safeParse({ key: 'admin_password' }).success).toBe(false);
    expect(routes.defaultSetting.request.safeParse({}).success).toBe(false);
    expect(routes.companySearch.request.safeParse({ name: 'x'.repeat(65) }).success).toBe(false);
  });

  it('searches companies by name', async () => {
    const site = service();
    const found = await call(site, 'companySearch', { name: 'kestrel' });
    expect(found.map((c) => c.name)).toEqual(['Kestrel Markets Ltd']);
    expect(await call(site, 'companySearch', { name: 'zzz' })).toEqual([]);
  });

  it('ranks the same leaders for the same seed', async () => {
    const a = await call(service(makeDeps({ seed: 5 })), 'followList');
    const b = await call(service(makeDeps({ seed: 5 })), 'followList');
    expect(a).toEqual(b);
    const rates = a.map((r) => r.three_week_rate);
    expect(rates).toEqual([...rates].sort((x, y) => y - x));
    expect(await call(service(makeDeps({ seed: 6 })), 'followList')).not.toEqual(a);
  });

  it('applies control changes, answers the new value and reads them back', async () => {
    const site = service();
    expect(control(site, '/company/status', { type: 0 })).toEqual({
      status: 1,
      type: 0,
      loss_url: 'https://www.pipstream.example/closed',
    });
    expect(control(site, '/settings/base', { service_link_type: 2 })).toMatchObject({
      service_link_type: 2,
      title: 'Pipstream',
    });
    expect(control(site, '/settings/show-mobile', { value: '0' })).toEqual({
      key: 'is_show_mobile',
      value: '0',
    });
    expect((await call(site, 'companyStatus')).type).toBe(0);
    expect((await call(site, 'basicInfo')).service_link_type).toBe(2);
    expect(site.baseSettings().service_link_type).toBe(2);
    expect((await call(site, 'defaultSetting', { key: 'is_show_mobile' })).value).toBe('0');
  });

  it('refuses control input it cannot apply', () => {
    const site = service();
    const input = (path: string) => site.controls.find((a) => a.path === path)?.input;
    expect(input('/company/status')?.safeParse({ status: 'closed' }).success).toBe(false);
    expect(input('/settings/base')?.safeParse({ service_link_type: 9 }).success).toBe(false);
    expect(input('/settings/show-mobile')?.safeParse({ value: 1 }).success).toBe(false);
    expect(input('/settings/show-mobile')?.safeParse({}).success).toBe(false);
  });

  it('keeps control changes and news dates when the same database file is reopened', async () => {
    const dir = tempDir();
    const firstDeps = makeDeps({ data: dir });
    const first = createSiteService(firstDeps, AREAS);
    control(first, '/company/status', { status: 0, loss_url: 'https://gone.example/' });
    control(first, '/settings/base', { title: 'DEMO', trade_fee_type: 1, verify_reg_type: 0 });
    control(first, '/settings/show-mobile', { value: '0' });
    const news = await call(first, 'newsList', { page: 1 });
    firstDeps.db.close();

    const laterDeps = makeDeps({ data: dir });
    laterDeps.clock.advance(5 * 86_400_000);
    const later = service(laterDeps);
    expect(await call(later, 'companyStatus')).toEqual({
      status: 0,
      type: 1,
      loss_url: 'https://gone.example/',
    });
    expect(await call(later, 'basicInfo')).toMatchObject({
      title: 'DEMO',
      trade_fee_type: 1,
      verify_reg_type: 0,
    });
    expect(later.baseSettings().trade_fee_type).toBe(1);
    expect((await call(later, 'defaultSetting', { key: 'is_show_mobile' })).value).toBe('0');
    expect(await call(later, 'newsList', { page: 1 })).toEqual(news);
  });

  it('publishes news through /news/add, listed first and kept when the database is reopened', async () => {
    const dir = tempDir();
    const firstDeps = makeDeps({ data: dir });
    const first = createSiteService(firstDeps, AREAS);
    const before = await call(first, 'newsList', { page: 1 });
    const content = '<p>Safe text</p><img src=x onerror="window.hacked=1">';
    const created = control(first, '/news/add', { title: 'Hostile', content, desc: 'd' });
    expect(created).toMatchObject({ id: before.total + 1, title: 'Hostile', content, desc: 'd' });
    const listed = await call(first, 'newsList', { page: 1 });
    expect(listed.total).toBe(before.total + 1);
    expect(listed.data[0]).toMatchObject({ id: before.total + 1, title: 'Hostile' });
    expect(await call(first, 'newsInfo', { id: before.total + 1 })).toMatchObject({ content });
    firstDeps.db.close();

    const later = service(makeDeps({ data: dir }));
    expect(await call(later, 'newsInfo', { id: before.total + 1 })).toMatchObject({
      title: 'Hostile',
      content,
    });
    expect((await call(later, 'newsList', { page: 1 })).total).toBe(before.total + 1);
  });

  it('refuses a news draft without a title', () => {
    const site = service();
    const input = site.controls.find((a) => a.path === '/news/add')?.input;
    expect(input?.safeParse({ content: '<p>x</p>' }).success).toBe(false);
    expect(input?.safeParse({ title: 'ok', content: '<p>x</p>' }).success).toBe(true);
  });
});
