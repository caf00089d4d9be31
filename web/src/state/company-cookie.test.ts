import type { Company } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import {
  COMPANY_COOKIE,
  companyCookie,
  companyCookieExpiry,
  readCompanyCookie,
  rememberCompany,
  rememberedCompany,
} from './company-cookie.js';

const COMPANY: Company = {
  id: 1,
  name: 'Pipstream Markets Ltd',
  logo: '/logos/company.svg',
  url: 'https://www.pipstream.example',
  subject: 'Pipstream Holdings Limited',
  registered_address: 'Suite 305, Anchor House; 14 Harbour Road, Victoria, Mahé, Seychelles',
  location: '21 Kingsway Quay, London EC4A 1BN, United Kingdom',
  email: 'support@pipstream.example',
};

const NOW = new Date(Date.UTC(2026, 2, 15, 12, 30, 0));

/** The `name=value` part of a cookie assignment, as `document.cookie` reads it back. */
const pairOf = (cookie: string) => cookie.split('; ')[0] ?? '';

describe('companyCookieExpiry', () => {
  it('is three calendar years on, to the second', () => {
    expect(companyCookieExpiry(NOW).toISOString()).toBe('2029-03-15T12:30:00.000Z');
  });

  it('moves 29 February to 1 March', () => {
    const leapDay = new Date(Date.UTC(2028, 1, 29, 8, 0, 0));
    expect(companyCookieExpiry(leapDay).toISOString()).toBe('2031-03-01T08:00:00.000Z');
  });
});

describe('companyCookie', () => {
  it('lasts 3 years, site-wide and same-site', () => {
    const cookie = companyCookie(COMPANY, { now: NOW, secure: false }) ?? '';
    const attributes = cookie.split('; ').slice(1);
    expect(attributes).toEqual([
      'Expires=Thu, 15 Mar 2029 12:30:00 GMT',
      // 2026-03-15 → 2029-03-15 spans 1096 days (29 February 2028 included).
      `Max-Age=${1096 * 86_400}`,
      'Path=/',
      'SameSite=Lax',
    ]);
    expect(pairOf(cookie).startsWith(`${COMPANY_COOKIE}=`)).toBe(true);
  });

  it('is Secure on https', () => {
    expect(companyCookie(COMPANY, { now: NOW, secure: true })).toMatch(/; Secure$/);
  });

  it('encodes the record so no ; , or space breaks the cookie', () => {
    const value = pairOf(companyCookie(COMPANY, { now: NOW, secure: false }) ?? '').slice(
      COMPANY_COOKIE.length + 1,
    );
    expect(value).not.toMatch(/[;,\s"]/);
  });

  it('keeps only the fields of a company', () => {
    const extra = { ...COMPANY, secret: 'x' } as Company;
    const cookie = companyCookie(extra, { now: NOW, secure: false }) ?? '';
    expect(cookie).not.toContain('secret');
  });

  it('refuses a record too large for one cookie', () => {
    expect(
      companyCookie({ ...COMPANY, location: 'x'.repeat(5000) }, { now: NOW, secure: false }),
    ).toBeNull();
  });
});

describe('readCompanyCookie', () => {
  const pair = pairOf(companyCookie(COMPANY, { now: NOW, secure: false }) ?? '');

  it('reads back what was written, among other cookies', () => {
    expect(readCompanyCookie(pair)).toEqual(COMPANY);
    expect(readCompanyCookie(`a=1; ${pair}; b=2`)).toEqual(COMPANY);
  });

  it('finds nothing without the cookie or under a longer name', () => {
    expect(readCompanyCookie('')).toBeNull();
    expect(readCompanyCookie('a=1; b=2')).toBeNull();
    expect(readCompanyCookie(`x${pair}`)).toBeNull();
  });

  it('ignores a cookie that is not a company record', () => {
    expect(readCompanyCookie(`${COMPANY_COOKIE}=%7Bnot-json`)).toBeNull();
    expect(readCompanyCookie(`${COMPANY_COOKIE}=%E0%A4%A`)).toBeNull();
    expect(
      readCompanyCookie(`${COMPANY_COOKIE}=${encodeURIComponent(JSON.stringify({ id: 'one' }))}`),
    ).toBeNull();
  });
});

describe('without a document', () => {
  it('remembers nothing and writes nothing', () => {
    expect(rememberedCompany()).toBeNull();
    expect(() => rememberCompany(COMPANY)).not.toThrow();
  });
});
