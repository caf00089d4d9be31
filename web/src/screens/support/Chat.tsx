import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
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
 * Whether the support page's host answers at all (any status will do): a request the page
 * cannot read (`no-cors`), made beside the frame because a frame cannot tell its page from the
 * browser's own error page. Rejects when the host cannot be reached.
 */
function probe(src: string): Promise<unknown> {
  return fetch(src, {
    method: 'HEAD',
    mode: 'no-cors',
    credentials: 'omit',
    cache: 'no-store',
    referrerPolicy: 'no-referrer',
  });
}

/**
 * A notice over the support page that is not showing: why, then the browser and the link (the
 * first of them marked as the way to take unless `first` comes before them).
 */
function ElsewhereNotice({
  src,
  text,
  first,
  last,
  testId,
}: {
  readonly src: string;
  readonly text: string;
  readonly first?: ReactNode;
  readonly last?: ReactNode;
  readonly testId?: string;
}) {
  const { t } = useTranslation();
  const browser = first ? 'btn btn-secondary' : 'btn btn-primary';
  return (
    <div className="chat-loading chat-slow" data-testid={testId}>
      <EmptyState icon="headset" text={text}>
        <div className="chat-ways-out">
          {first}
          <a className={browser} href={src} target="_blank" rel="noopener noreferrer">
            {t('web.chat.open_in_browser')}
          </a>
          <Button variant="secondary" onClick={() => copyText(src)}>
            {t('web.chat.copy_link')}
          </Button>
          {last}
        </div>
      </EmptyState>
    </div>
  );
}

/** The support page could not be reached: our words, and every way out the app has. */
function Unreachable({ src, onRetry }: { readonly src: string; readonly onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <ElsewhereNotice
      src={src}
      text={t('web.chat.unreachable')}
      testId="chat-unreachable"
      first={<Button onClick={onRetry}>{t('web.list.retry')}</Button>}
      last={
        <Link className="btn btn-secondary" href="/mine/email">
          {t('web.chat.email_us')}
        </Link>
      }
    />
  );
}

/**
 * The support page in an iframe under the header, with a spinner until it has loaded. A page
 * still loading after `CHAT_LOAD_TIMEOUT_MS` gives way to a notice offering the browser and the
 * link. A host that cannot be reached (`probe`) gives way to our own words and the ways out
 * instead of the browser's error page; the header keeps the browser and the link at all times.
 */
function SupportFrame({ src, title }: { readonly src: string; readonly title: string }) {
  const [attempt, setAttempt] = useState(0);
  const [reachable, setReachable] = useState(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what asks for a new try.
  useEffect(() => {
    let current = true;
    setReachable(true);
    probe(src).catch(() => current && setReachable(false));
    return () => {
      current = false;
    };
  }, [src, attempt]);
  if (!reachable) return <Unreachable src={src} onRetry={() => setAttempt((n) => n + 1)} />;
  // A new attempt loads the page in a new frame.
  return <LoadingFrame key={attempt} src={src} title={title} />;
}

/** The frame, with a spinner until its page has loaded and the ways out if that takes long. */
function LoadingFrame({ src, title }: { readonly src: string; readonly title: string }) {
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
      {phase === 'slow' && <ElsewhereNotice src={src} text={t('web.chat.slow')} />}
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
