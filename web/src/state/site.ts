import type { AreaCode, BaseSettings } from '@pipstream/protocol';
import { api } from '../api/index.js';
import { sharedLoad } from './once.js';
import { settings } from './settings.js';

/**
 * Loads the base settings of docs/product.md#entities once (service link, registration check, fee
 * type, title).
 */
export const loadBaseSettings: () => Promise<BaseSettings> = sharedLoad(async () => {
  const base = await api.call('basicInfo');
  settings.base = base;
  return base;
});

/** Loads the phone area codes once. */
export const loadAreaCodes: () => Promise<AreaCode[]> = sharedLoad(async () => {
  const codes = await api.call('areaList');
  settings.areaCodes = codes;
  return codes;
});
