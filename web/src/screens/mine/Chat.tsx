import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session.js';
import { settings } from '../../state/settings.js';
import { loadBaseSettings } from '../../state/site.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { chatUrl } from './service-link.js';

/** Where the base settings stand for this screen. */
type SettingsPhase = 'loading' | 'ready' | 'failed';

/** The base settings, loaded if the app has not read them yet; `retry` reads them again. */
function useBaseSettings(): { readonly phase: SettingsPhase; readonly retry: () => void } {
  const { base } = useSnapshot(settings);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    loadBaseSettings().catch(() => setFailed(true));
  }, []);
  useEffect(load, [load]);
  const phase = base ? 'ready' : failed ? 'failed' : 'loading';
  return { phase, retry: load };
}

/** The support page in an iframe under the header, with a spinner until it has loaded. */
function SupportFrame({ src, title }: { readonly src: string; readonly title: string }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState(false);
  return (
    <div className="chat-body">
      {!loaded && (
        <div className="chat-loading" role="status" aria-label={t('web.chat.loading')}>
          <span className="spinner" aria-hidden="true" />
        </div>
      )}
      <iframe
        className="chat-frame"
        src={src}
        title={title}
        // The page runs in its own origin; no access to this one (this project's choice).
        referrerPolicy="no-referrer"
        onLoad={() => setLoaded(true)}
      />
    </div>
  );
}

/**
 * `/mine/chat`: the support page full screen under the header (SPEC §2). Logged in, it gets the
 * user's uid and e-mail in its URL; a site without a usable support link says so.
 */
export default function Chat() {
  const { t } = useTranslation();
  const { base } = useSnapshot(settings);
  const { user } = useSnapshot(session);
  const { phase, retry } = useBaseSettings();
  const src = base ? chatUrl(base.service_link, user, location.origin) : undefined;
  return (
    <div className="chat-screen">
      <PageHeader backTo="/user" title={t('web.chat.title')} />
      {phase === 'loading' && (
        <div className="chat-loading" role="status" aria-label={t('web.chat.loading')}>
          <span className="spinner" aria-hidden="true" />
        </div>
      )}
      {phase === 'failed' && (
        <EmptyState icon="headset" text={t('web.chat.unavailable')}>
          <Button variant="secondary" onClick={retry}>
            {t('web.common.reload')}
          </Button>
        </EmptyState>
      )}
      {phase === 'ready' &&
        (src ? (
          <SupportFrame key={src} src={src} title={t('web.chat.title')} />
        ) : (
          <EmptyState icon="headset" text={t('web.chat.no_link')} />
        ))}
    </div>
  );
}
