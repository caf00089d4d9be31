import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { settings } from '../../state/settings.js';
import { loadBaseSettings } from '../../state/site.js';
import { PageHeader } from '../../ui/PageHeader.js';

/** A site whose title is DEMO is a test site (SPEC §2). */
const DEMO_TITLE = 'DEMO';

/** `/mine/announcement`: the fixed announcement, with a red "(DEMO test)" on a DEMO site. */
export default function Announcement() {
  const { t } = useTranslation();
  const { base } = useSnapshot(settings);
  useEffect(() => {
    // Startup reads them; a failed read then is tried again here.
    loadBaseSettings().catch(() => undefined);
  }, []);
  return (
    <>
      <PageHeader backTo="/user" title={t('web.announcement.title')} />
      <article className="page-body prose">
        <p>{t('web.announcement.body')}</p>
        <p>
          {t('web.announcement.regions')}
          {base?.title === DEMO_TITLE && (
            <span className="demo-note" data-testid="demo-note">
              {' '}
              {t('web.announcement.demo_note')}
            </span>
          )}
        </p>
      </article>
    </>
  );
}
