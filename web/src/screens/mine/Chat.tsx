import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { settings } from '../../state/settings.js';
import { loadBaseSettings } from '../../state/site.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { PageHeader } from '../../ui/PageHeader.js';

/** `/mine/chat`: the support page, full screen under the header. */
export default function Chat() {
  const { t } = useTranslation();
  const { base } = useSnapshot(settings);
  useEffect(() => {
    loadBaseSettings().catch(() => undefined);
  }, []);
  const link = base?.service_link ?? '';
  return (
    <div className="chat-screen">
      <PageHeader backTo="/user" title={t('web.chat.title')} />
      {link ? (
        <iframe className="chat-frame" src={link} title={t('web.chat.title')} />
      ) : (
        <EmptyState icon="headset" text={t('web.common.no_data')} />
      )}
    </div>
  );
}
