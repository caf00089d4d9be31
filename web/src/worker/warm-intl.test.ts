import { describe, expect, it } from 'vitest';
import { warmNumberFormatting } from './warm-intl.js';

describe('warmNumberFormatting', () => {
  it('formats a price through Intl the way quote rows do', () => {
    expect(warmNumberFormatting()).toBe('-1,234.56789');
    expect(warmNumberFormatting('de')).toBe('-1.234,56789');
  });
});
