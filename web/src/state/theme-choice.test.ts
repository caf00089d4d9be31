import { describe, expect, it } from 'vitest';
import { themeOf, toThemeChoice } from './theme-choice.js';

describe('the theme choice', () => {
  it('follows the phone unless light or dark was chosen', () => {
    expect(themeOf('system', true)).toBe('light');
    expect(themeOf('system', false)).toBe('dark');
    expect(themeOf('light', false)).toBe('light');
    expect(themeOf('dark', true)).toBe('dark');
  });

  it('reads anything kept that is not light or dark as the phone’s setting', () => {
    expect(toThemeChoice('light')).toBe('light');
    expect(toThemeChoice('dark')).toBe('dark');
    for (const kept of [undefined, null, 'system', 'blue', 1, {}]) {
      expect(toThemeChoice(kept)).toBe('system');
    }
  });
});
