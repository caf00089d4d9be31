/**
 * The trader's theme choice, as kept on the device. Read twice: by the theme script that runs
 * before the first paint (`paintTheme`, turned into a script of its own at build time:
 * scripts/theme-before-paint.ts) and by the theme store (state/theme.ts).
 */

/** The theme choices: the phone's own setting (the default), or one kept for this app. */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** The two palettes the style sheets have (`data-theme` on the root element). */
export type Theme = 'light' | 'dark';

/** Where the choice is kept (localStorage; as JSON, like every other kept setting). */
export const THEME_KEY = 'pipstream.theme';

/** The media query of a phone set to light. */
export const PREFERS_LIGHT = '(prefers-color-scheme: light)';

/** A kept value as a choice: anything else is the phone's setting. */
export function toThemeChoice(value: unknown): ThemeChoice {
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** The palette a choice shows, given whether the phone is set to light. */
export function themeOf(choice: ThemeChoice, phoneIsLight: boolean): Theme {
  if (choice === 'system') return phoneIsLight ? 'light' : 'dark';
  return choice;
}

/**
 * Sets `data-theme` on the page's root from the kept choice and the phone's setting. It is
 * copied into a script of its own by its source text, so it stands alone: no imports, no
 * outside names, syntax every supported browser parses.
 */
export function paintTheme(key: string, lightQuery: string): void {
  let kept: string | null = null;
  try {
    kept = localStorage.getItem(key);
  } catch (_error) {
    // No storage (private mode): the phone's setting decides.
  }
  const light =
    kept === '"light"' ||
    (kept !== '"dark"' && typeof matchMedia === 'function' && matchMedia(lightQuery).matches);
  document.documentElement.setAttribute('data-theme', light ? 'light' : 'dark');
}
