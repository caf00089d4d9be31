import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session.js';
import { IconButton } from '../../ui/IconButton.js';
import { copyText } from '../../widgets/copy.js';

/**
 * The logged-in user's UID with a copy button: what a bank transfer's reference must carry so
 * the desk can match the payment (the bank deposit says so), and what support asks for.
 */
export function AccountUid() {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  if (!user) return null;
  return (
    <p className="account-uid">
      <span className="account-uid-label">{t('web.account_uid.label')}</span>{' '}
      <span className="num" data-testid="account-uid">
        {user.uid}
      </span>
      <IconButton
        icon="copy"
        label={t('web.account_uid.copy')}
        onClick={() => copyText(user.uid)}
      />
    </p>
  );
}
