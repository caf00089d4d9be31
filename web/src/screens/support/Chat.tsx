import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session.js';
import { settings } from '../../state/settings.js';
import { loadBaseSettings } from '../../state/site.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Icon } from '../../ui/Icon.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { useRetryWhenBack } from '../../widgets/back-online.js';
import { copyText } from '../../widgets/copy.js';
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
  useRetryWhenBack(failed, load);
  const phase = base ? 'ready' : failed ? 'failed' : 'loading';
  return { phase, retry: load };
}

/**
 * How long the support page may take before the screen offers the browser instead (this
 * project's choice: a phone on a slow network shows a page well within it).
 */
export const CHAT_LOAD_TIMEOUT_MS = 8000;

/**
 * The support page outside the app, in the header: in the browser, or its link copied. Each
 * icon has a word under it (an icon alone says nothing to most traders), a part of its
 * accessible name, so a voice-control user can say what they see.
 */
function ElsewhereActions({ src }: { readonly src: string }) {
  const { t } = useTranslation();
  return (
    <>
      <a
        className="header-action"
        href={src}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('web.chat.open_in_browser')}
      >
        <Icon name="external" size={20} />
        <span aria-hidden="true">{t('web.chat.browser')}</span>
      </a>
      <button
        type="button"
        className="header-action"
        aria-label={t('web.chat.copy_link')}
        onClick={() => copyText(src)}
      >
        <Icon name="copy" size={20} />
        <span aria-hidden="true">{t('web.common.copy')}</span>
      </button>
    </>
  );
}

/**
 * The support page in an iframe under the header, with a spinner until it has loaded. A page
 * still loading after `CHAT_LOAD_TIMEOUT_MS` gives way to a notice offering the browser and the
 * link. A page that "loaded" may still be the browser's own error page (a frame cannot tell),
 * so the header keeps both ways out at all times.
 */
function SupportFrame({ src, title }: { readonly src: string; readonly title: string }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<'loading' | 'slow' | 'loaded'>('loading');
  useEffect(() => {
    const timer = setTimeout(
      () => setPhase((now) => (now === 'loading' ? 'slow' : now)),
      CHAT_LOAD_TIMEOUT_MS,
    );
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="chat-body">
      {phase === 'loading' && (
        <div className="chat-loading" role="status" aria-label={t('web.chat.loading')}>
          <span className="spinner" aria-hidden="true" />
        </div>
      )}
      {phase === 'slow' && (
        <div className="chat-loading chat-slow">
          <EmptyState icon="headset" text={t('web.chat.slow')}>
            <a className="btn btn-primary" href={src} target="_blank" rel="noopener noreferrer">
              {t('web.chat.open_in_browser')}
            </a>
            <Button variant="secondary" onClick={() => copyText(src)}>
              {t('web.chat.copy_link')}
            </Button>
          </EmptyState>
        </div>
      )}
      <iframe
        className="chat-frame"
        src={src}
        title={title}
        // The page runs in its own origin; no access to this one (this project's choice).
        referrerPolicy="no-referrer"
        onLoad={() => setPhase('loaded')}
      />
    </div>
  );
}

/**
 * `/mine/chat`: the support page full screen under the header (docs/product.md#routes). Logged in,
 * it gets the user's uid and e-mail in its URL; a site without a usable support link says so. The
 * header always offers the page in the browser and its link.
 */
export default function Chat() {
  const { t } = useTranslation();
  const { base } = useSnapshot(settings);
  const { user } = useSnapshot(session);
  const { phase, retry } = useBaseSettings();
  const src = base ? chatUrl(base.service_link, user, location.origin) : undefined;
  return (
    <div className="chat-screen">
      <PageHeader
        backTo="/user"
        title={t('web.chat.title')}
        actions={src && <ElsewhereActions src={src} />}
      />
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
