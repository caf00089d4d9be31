import { describe, expect, it } from 'vitest';
import { areaCodeSchema } from '../../schemas/user.js';
import { AREA_CODES, areaById } from './areas.js';

describe('area codes', () => {
  it('lists real areas with unique ids, regions and dialling prefixes', () => {
    expect(AREA_CODES.length).toBeGreaterThanOrEqual(20);
    for (const area of AREA_CODES) {
      expect(areaCodeSchema.parse(area)).toEqual(area);
      expect(area.code).toMatch(/^[A-Z]{2}$/);
      expect(area.global_code).toMatch(/^[1-9]\d{0,2}$/);
    }
    for (const field of ['id', 'code', 'global_code'] as const) {
      expect(new Set(AREA_CODES.map((area) => area[field])).size).toBe(AREA_CODES.length);
    }
  });

  it('leaves out the regions the product does not serve', () => {
    const regions = AREA_CODES.map((area) => area.code);
    for (const excluded of ['KP', 'IL', 'CN', 'VU', 'CU']) expect(regions).not.toContain(excluded);
  });

  it('finds an area by id', () => {
    expect(areaById(1)).toEqual({ id: 1, code: 'HK', global_code: '852' });
    expect(areaById(999)).toBeUndefined();
  });
});
