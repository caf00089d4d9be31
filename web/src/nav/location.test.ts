import { describe, expect, it } from 'vitest';
import { pathOf, safeFrom } from './location.js';

describe('pathOf', () => {
  it('is the path of a target, without its query', () => {
    expect(pathOf('/login?from=%2Forder')).toBe('/login');
    expect(pathOf('/order')).toBe('/order');
    expect(pathOf('/')).toBe('/');
  });
});

describe('safeFrom', () => {
  it('keeps an in-app path with its query', () => {
    expect(safeFrom('from=%2Forder%3Ftype%3D1')).toBe('/order?type=1');
    expect(safeFrom('from=/trade')).toBe('/trade');
  });

  it('drops anything that could leave the app', () => {
    expect(safeFrom('')).toBeUndefined();
    expect(safeFrom('from=https://evil.test')).toBeUndefined();
    expect(safeFrom('from=//evil.test/x')).toBeUndefined();
    expect(safeFrom('from=order')).toBeUndefined();
  });
});
