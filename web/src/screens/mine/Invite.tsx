import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session.js';
import { Button } from '../../ui/Button.js';
import { copyText } from '../../ui/copy.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { inviteLink } from './invite-link.js';

/** `/mine/invite`: the invite code, its QR code and the link to copy. */
export default function Invite() {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  const code = user?.invite_code ?? '';
  const link = code ? inviteLink(location.origin, code) : '';
  return (
    <>
      <PageHeader backTo="/user" title={t('web.invite.title')} />
      <div className="page-body form-stack">
        <section className="card invite-card">
          <h2 className="card-title">{t('web.invite.code')}</h2>
          <p className="invite-code num">{code}</p>
          <div className="qr-frame" aria-hidden="true" />
          <p className="invite-link">{link}</p>
        </section>
        <Button block disabled={!link} onClick={() => copyText(link)}>
          {t('web.invite.copy_link')}
        </Button>
      </div>
    </>
  );
}
