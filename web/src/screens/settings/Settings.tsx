import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { LANGUAGE_NAME_KEYS } from '../../i18n/languages.js';
import { logout } from '../../state/account.js';
import { settings } from '../../state/settings.js';
import { ActionRow, LinkRow } from '../../ui/ListRow.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { ThemeChoice } from '../../ui/ThemeChoice.js';

/** `/mine/system`: other settings, with the logout row. */
export default function Settings() {
  const { t } = useTranslation();
  const { language } = useSnapshot(settings);
  return (
    <>
      <PageHeader backTo="/user" title={t('web.user.other_settings')} />
      <div className="page-body">
        <ThemeChoice />
        <div className="row-list">
          <LinkRow
            to="/language"
            icon="globe"
            label={t('web.user.language')}
            value={t(LANGUAGE_NAME_KEYS[language])}
          />
          {/* Company information has no route of its own (docs/product.md#routes): it lives
              on /feedback with the service notice (this project's choice). */}
          <LinkRow to="/feedback" icon="bank" label={t('web.company.title')} />
          <ActionRow icon="logout" label={t('web.user.logout')} danger onClick={logout} />
        </div>
      </div>
    </>
  );
}
