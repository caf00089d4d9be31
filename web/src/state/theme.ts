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
  /**
   * The palette on show (the root's `data-theme`), for what is drawn in the theme's colours
   * rather than styled by them: the candle chart's canvas follows it.
   */
  shown: Theme;
}

const storage = browserStorage();
const keptChoice = toThemeChoice(readJson(storage, THEME_KEY));

export const theme = proxy<ThemeState>({
  choice: keptChoice,
  shown: themeOf(keptChoice, phoneIsLight()),
});

function phoneIsLight(): boolean {
  return typeof matchMedia === 'function' && matchMedia(PREFERS_LIGHT).matches;
}

/** The palette on show now. */
export function currentTheme(): Theme {
  return themeOf(theme.choice, phoneIsLight());
}

/** Shows the current palette: the style sheets first, then whatever follows `shown`. */
function applyTheme(): void {
  const shown = currentTheme();
  document.documentElement.setAttribute('data-theme', shown);
  theme.shown = shown;
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
