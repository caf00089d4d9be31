import { describe, expect, it } from 'vitest';
import { companySchema } from '../../schemas/user.js';
import { COMPANY, COMPANY_DIRECTORY, COMPANY_SEARCH_LIMIT, searchCompanies } from './companies.js';

describe('company directory', () => {
  it('holds about fifteen valid companies with distinct ids and names, the site first', () => {
    expect(COMPANY_DIRECTORY.length).toBeGreaterThanOrEqual(15);
    expect(COMPANY_DIRECTORY.length).toBeLessThanOrEqual(COMPANY_SEARCH_LIMIT);
    expect(COMPANY_DIRECTORY[0]).toBe(COMPANY);
    expect(new Set(COMPANY_DIRECTORY.map((c) => c.id)).size).toBe(COMPANY_DIRECTORY.length);
    expect(new Set(COMPANY_DIRECTORY.map((c) => c.name)).size).toBe(COMPANY_DIRECTORY.length);
    for (const c of COMPANY_DIRECTORY) {
      expect(companySchema.parse(c)).toEqual(c);
      expect(c.url).toMatch(/^https:\/\/www\.[a-z]+\.example$/);
      expect(c.email).toMatch(/@[a-z]+\.example$/);
    }
  });

  it('matches a substring of the name, ignoring case', () => {
    expect(searchCompanies('MARKETS').map((c) => c.name)).toEqual([
      'Pipstream Markets Ltd',
      'Northgate Capital Markets',
      'Kestrel Markets Ltd',
      'Redwood Global Markets',
    ]);
    expect(searchCompanies('fx').map((c) => c.name)).toEqual(['Bluefin FX Ltd', 'Sable Point FX']);
    expect(searchCompanies('  harbour light ')).toHaveLength(1);
  });

  it('lists every company for an empty name and none for an unknown one', () => {
    expect(searchCompanies('')).toEqual(COMPANY_DIRECTORY);
    expect(searchCompanies('no such broker')).toEqual([]);
  });
});
