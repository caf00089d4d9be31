import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { LANGUAGE_NAME_KEYS } from '../../i18n/languages.js';
import { logout } from '../../state/account-actions.js';
import { setOneTapClose, settings } from '../../state/settings.js';
import { ActionRow, LinkRow } from '../../ui/ListRow.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { Switch } from '../../ui/Switch.js';
import { ThemeChoice } from '../../widgets/ThemeChoice.js';

/** `/mine/system`: other settings, with the logout row. */
export default function Settings() {
  const { t } = useTranslation();
  const { language, oneTapClose } = useSnapshot(settings);
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
          <LinkRow to="/alerts" icon="bell" label={t('web.alerts.title')} />
        </div>
        <div className="setting-switch">
          <Switch
            label={t('web.user.one_tap_close')}
            checked={oneTapClose}
            onChange={setOneTapClose}
          />
          <p className="form-note">{t('web.user.one_tap_close_hint')}</p>
        </div>
        <div className="row-list">
          <ActionRow icon="logout" label={t('web.user.logout')} danger onClick={logout} />
        </div>
      </div>
    </>
  );
}
