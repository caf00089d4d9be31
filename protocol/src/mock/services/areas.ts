import type { AreaCode } from '../../schemas/user.js';

/**
 * Phone areas the mock accepts (`area_list`, phone registration and login). Real ITU dialling
 * prefixes, each used once, so `+{global_code}{number}` names one phone. The selection is this
 * project's choice; the regions the product does not serve
 * (docs/product.md#scope) are left out.
 */
export const AREA_CODES: readonly AreaCode[] = [
  { id: 1, code: 'HK', global_code: '852' },
  { id: 2, code: 'TW', global_code: '886' },
  { id: 3, code: 'MO', global_code: '853' },
  { id: 4, code: 'SG', global_code: '65' },
  { id: 5, code: 'MY', global_code: '60' },
  { id: 6, code: 'TH', global_code: '66' },
  { id: 7, code: 'VN', global_code: '84' },
  { id: 8, code: 'ID', global_code: '62' },
  { id: 9, code: 'PH', global_code: '63' },
  { id: 10, code: 'JP', global_code: '81' },
  { id: 11, code: 'KR', global_code: '82' },
  { id: 12, code: 'IN', global_code: '91' },
  { id: 13, code: 'AE', global_code: '971' },
  { id: 14, code: 'TR', global_code: '90' },
  { id: 15, code: 'RU', global_code: '7' },
  { id: 16, code: 'GB', global_code: '44' },
  { id: 17, code: 'DE', global_code: '49' },
  { id: 18, code: 'FR', global_code: '33' },
  { id: 19, code: 'ES', global_code: '34' },
  { id: 20, code: 'IT', global_code: '39' },
  { id: 21, code: 'PT', global_code: '351' },
  { id: 22, code: 'CZ', global_code: '420' },
  { id: 23, code: 'FI', global_code: '358' },
  { id: 24, code: 'EE', global_code: '372' },
  { id: 25, code: 'US', global_code: '1' },
  { id: 26, code: 'BR', global_code: '55' },
  { id: 27, code: 'AU', global_code: '61' },
];

const byId = new Map(AREA_CODES.map((area) => [area.id, area]));

/** The area with this id, if the mock knows it. */
export function areaById(id: number): AreaCode | undefined {
  return byId.get(id);
}
