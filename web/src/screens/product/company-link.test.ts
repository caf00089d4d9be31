import { describe, expect, it } from 'vitest';
import { companyHref } from './company-link.js';

describe('companyHref', () => {
  it('keeps http and https addresses', () => {
    expect(companyHref('https://www.bluefinfx.example')).toBe('https://www.bluefinfx.example/');
    expect(companyHref(' http://broker.example/about?x=1 ')).toBe(
      'http://broker.example/about?x=1',
    );
  });

  it('adds https to a bare host', () => {
    expect(companyHref('www.northgatecm.example')).toBe('https://www.northgatecm.example/');
    expect(companyHref('broker.example/en')).toBe('https://broker.example/en');
  });

  it('refuses other schemes, paths and text that is no address', () => {
    expect(companyHref('javascript:alert(1)')).toBeUndefined();
    expect(companyHref('data:text/html,hi')).toBeUndefined();
    expect(companyHref('mailto:a@b.example')).toBeUndefined();
    expect(companyHref('/uploads/site')).toBeUndefined();
    expect(companyHref('not a site')).toBeUndefined();
    expect(companyHref('')).toBeUndefined();
  });
});
