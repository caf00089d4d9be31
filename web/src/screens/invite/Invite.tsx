import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Icon } from '../../ui/Icon.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { QrCode } from '../../ui/QrCode.js';
import { copyText } from '../../widgets/copy.js';
import { inviteLink } from './invite-link.js';

/** The invite screen's QR code is 160 px (error correction H, from `QrCode`). */
const QR_SIZE = 160;

/** `/mine/invite`: the invite code, its QR code and the link to copy (docs/product.md#routes). */
export default function Invite() {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  const titleId = useId();
  const code = user?.invite_code ?? '';
  const link = code ? inviteLink(location.origin, code) : '';
  return (
    <>
      <PageHeader backTo="/user" title={t('web.invite.title')} />
      <div className="page-body form-stack">
        {link === '' ? (
          <EmptyState icon="gift" text={t('web.invite.no_code')} />
        ) : (
          <>
            <section className="card invite-card" aria-labelledby={titleId}>
              <h2 className="card-title" id={titleId}>
                {t('web.invite.code')}
              </h2>
              <p className="invite-code num" data-testid="invite-code">
                {code}
              </p>
              <div className="invite-qr">
                <QrCode value={link} size={QR_SIZE} label={t('web.invite.qr_label')} />
              </div>
              <p className="invite-hint">{t('web.invite.scan_hint')}</p>
              <p className="invite-link" data-testid="invite-link">
                {link}
              </p>
            </section>
            <Button block onClick={() => copyText(link)}>
              <Icon name="copy" size={20} />
              {t('web.invite.copy_link')}
            </Button>
          </>
        )}
      </div>
    </>
  );
}
