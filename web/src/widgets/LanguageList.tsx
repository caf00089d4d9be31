import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { LANGUAGE_NAME_KEYS, LANGUAGE_TAGS, LANGUAGES, type Language } from '../i18n/languages.js';
import { setLanguage, settings } from '../state/settings.js';
import { Icon } from '../ui/Icon.js';

/** The 21 languages as a single-choice list; choosing one applies it at once. */
export function LanguageList({ onChosen }: { readonly onChosen?: (language: Language) => void }) {
  const { t } = useTranslation();
  const { language } = useSnapshot(settings);
  return (
    <ul className="language-list" aria-label={t('web.language.title')}>
      {LANGUAGES.map((code) => {
        const current = code === language;
        return (
          <li key={code}>
            <button
              type="button"
              className="row"
              aria-current={current ? 'true' : undefined}
              onClick={() => {
                setLanguage(code);
                onChosen?.(code);
              }}
            >
              {/* Each name is written in its own language: read it out in that language. */}
              <span className="row-label" lang={LANGUAGE_TAGS[code]}>
                {t(LANGUAGE_NAME_KEYS[code])}
              </span>
              {current && <Icon name="check" size={20} className="row-check" />}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
