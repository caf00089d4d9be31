import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { setThemeChoice, theme } from '../state/theme.js';
import { type ThemeChoice as Choice, THEME_CHOICES } from '../state/theme-choice.js';

const LABEL_KEYS = {
  system: 'web.settings.theme_system',
  light: 'web.settings.theme_light',
  dark: 'web.settings.theme_dark',
} as const satisfies Record<Choice, string>;

/** The theme setting: as the phone, light or dark, kept on this device and shown at once. */
export function ThemeChoice() {
  const { t } = useTranslation();
  const { choice } = useSnapshot(theme);
  const labelId = useId();
  return (
    <div className="theme-choice">
      <span className="field-label" id={labelId}>
        {t('web.settings.theme')}
      </span>
      <div className="chips" role="radiogroup" aria-labelledby={labelId}>
        {THEME_CHOICES.map((option) => (
          <label key={option} className="chip">
            <input
              type="radio"
              name={labelId}
              value={option}
              checked={choice === option}
              onChange={() => setThemeChoice(option)}
            />
            <span>{t(LABEL_KEYS[option])}</span>
          </label>
        ))}
      </div>
    </div>
  );
}
