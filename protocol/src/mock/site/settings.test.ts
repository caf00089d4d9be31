import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../store/db.js';
import {
  baseSettingsPatchSchema,
  companyStatusPatchSchema,
  createSiteSettings,
  DEFAULT_BASE_SETTINGS,
  DEFAULT_COMPANY_STATUS,
} from './settings.js';

describe('site settings', () => {
  let dir: string;
  const open: Db[] = [];
  const openDb = () => {
    const db = openDatabase(dir);
    open.push(db);
    return db;
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pipstream-site-settings-'));
  });
  afterEach(() => {
    for (const db of open.splice(0)) db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts from the defaults', () => {
    const settings = createSiteSettings(openDb());
    expect(settings.base()).toEqual({
      service_link: 'https://support.pipstream.example/chat',
      service_link_type: 1,
      verify_reg_type: 1,
      trade_fee_type: 2,
      title: 'Pipstream',
    });
    expect(settings.companyStatus()).toEqual({
      status: 1,
      type: 1,
      loss_url: 'https://www.pipstream.example/closed',
    });
    expect(settings.showMobile()).toBe('1');
  });

  it('changes only the given fields and keeps the rest', () => {
    const settings = createSiteSettings(openDb());
    expect(settings.setBase({ service_link_type: 3 })).toEqual({
      ...DEFAULT_BASE_SETTINGS,
      service_link_type: 3,
    });
    expect(settings.setBase({ title: 'DEMO', service_link_type: undefined })).toEqual({
      ...DEFAULT_BASE_SETTINGS,
      service_link_type: 3,
      title: 'DEMO',
    });
    expect(settings.setCompanyStatus({ type: 0 })).toEqual({ ...DEFAULT_COMPANY_STATUS, type: 0 });
    expect(settings.companyStatus().type).toBe(0);
  });

  it('keeps every change across a reopen of the same database file', () => {
    const first = createSiteSettings(openDb());
    first.setBase({ trade_fee_type: 1, verify_reg_type: 2 });
    first.setCompanyStatus({ status: 0, loss_url: 'https://elsewhere.example/' });
    first.setShowMobile('0');
    const epoch = first.newsEpoch(1_700_000_000_000);
    for (const db of open.splice(0)) db.close();

    const again = createSiteSettings(openDb());
    expect(again.base()).toMatchObject({ trade_fee_type: 1, verify_reg_type: 2 });
    expect(again.companyStatus()).toEqual({
      status: 0,
      type: 1,
      loss_url: 'https://elsewhere.example/',
    });
    expect(again.showMobile()).toBe('0');
    expect(again.newsEpoch(1_800_000_000_000)).toBe(epoch);
  });

  it('reads a corrupt or ill-shaped row as the default', () => {
    const db = openDb();
    const settings = createSiteSettings(db);
    settings.setBase({ title: 'Changed' });
    db.prepare("UPDATE settings SET value = '{not json' WHERE key = 'site.base'").run();
    expect(settings.base()).toEqual(DEFAULT_BASE_SETTINGS);

    settings.setCompanyStatus({ status: 0 });
    db.prepare(
      `UPDATE settings SET value = '{"status":"zero"}' WHERE key = 'site.company_status'`,
    ).run();
    expect(settings.companyStatus()).toEqual(DEFAULT_COMPANY_STATUS);

    settings.setShowMobile('0');
    db.prepare(`UPDATE settings SET value = '"yes"' WHERE key = 'site.is_show_mobile'`).run();
    expect(settings.showMobile()).toBe('1');
  });

  it('refuses control input outside the known values or with unknown fields', () => {
    expect(baseSettingsPatchSchema.safeParse({ service_link_type: 4 }).success).toBe(false);
    expect(baseSettingsPatchSchema.safeParse({ trade_fee_type: 0 }).success).toBe(false);
    expect(baseSettingsPatchSchema.safeParse({ service_link: 'javascript:alert(1)' }).success).toBe(
      false,
    );
    expect(baseSettingsPatchSchema.safeParse({ title: '  ' }).success).toBe(false);
    expect(baseSettingsPatchSchema.safeParse({ titel: 'typo' }).success).toBe(false);
    expect(companyStatusPatchSchema.safeParse({ status: 2 }).success).toBe(false);
    expect(companyStatusPatchSchema.safeParse({ status: '0' }).success).toBe(false);
    expect(companyStatusPatchSchema.safeParse({ status: 0, type: 0 }).success).toBe(true);
  });
});
