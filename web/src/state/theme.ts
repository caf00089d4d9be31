import { proxy } from 'valtio/vanilla';
import { browserStorage, readJson, writeJson } from './storage.js';
import {
  PREFERS_LIGHT,
  THEME_KEY,
  type Theme,
  type ThemeChoice,
  themeOf,
  toThemeChoice,
} from './theme-choice.js';

export interface ThemeState {
  /** The trader's choice: the phone's setting unless one was kept on this device. */
  choice: ThemeChoice;
}

const storage = browserStorage();

export const theme = proxy<ThemeState>({ choice: toThemeChoice(readJson(storage, THEME_KEY)) });

function phoneIsLight(): boolean {
  return typeof matchMedia === 'function' && matchMedia(PREFERS_LIGHT).matches;
}

/** The palette on show now. */
export function currentTheme(): Theme {
  return themeOf(theme.choice, phoneIsLight());
}

function applyTheme(): void {
  document.documentElement.setAttribute('data-theme', currentTheme());
}

/** Chooses the theme, shows it at once and keeps it on the device ("system" keeps nothing). */
export function setThemeChoice(choice: ThemeChoice): void {
  theme.choice = choice;
  writeJson(storage, THEME_KEY, choice === 'system' ? null : choice);
  applyTheme();
}

/**
 * Follows the phone's setting while the choice is "system": a phone that turns dark at night
 * turns the open app dark too. The first paint's theme was set by the theme script already.
 */
export function followPhoneTheme(): void {
  if (typeof matchMedia !== 'function') return;
  matchMedia(PREFERS_LIGHT).addEventListener('change', () => {
    if (theme.choice === 'system') applyTheme();
  });
}
