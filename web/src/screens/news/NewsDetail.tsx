import { ApiError, CODE, type NewsDetail as NewsDetailData } from '@pipstream/protocol';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { api } from '../../api/index.js';
import { useFormat } from '../../i18n/FormatProvider.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { SkeletonBlock } from '../../ui/Skeleton.js';
import { useRetryWhenBack } from '../../widgets/back-online.js';
import { newsIdOf } from './news-view.js';
import { sanitizeNewsHtml } from './sanitize.js';

/** Where the screen is: the item comes, came, does not exist, or could not be read. */
type Phase =
  | { readonly phase: 'loading' }
  | { readonly phase: 'ready'; readonly item: NewsDetailData }
  | { readonly phase: 'missing' }
  | { readonly phase: 'failed' };

const LOADING: Phase = { phase: 'loading' };
const MISSING: Phase = { phase: 'missing' };

/** Reads item `id` (`null`: the query names none); `retry` asks again after a failure. */
function useNewsItem(id: number | null): { readonly shown: Phase; readonly retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ id: number; phase: Phase } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt asks again.
  useEffect(() => {
    if (id === null) return;
    setLoaded(null);
    const controller = new AbortController();
    const settle = (phase: Phase) => {
      if (!controller.signal.aborted) setLoaded({ id, phase });
    };
    // The route shows the loading indicator; failures are toasted by the API layer
    // (docs/product.md#errors).
    api.call('newsInfo', { id }, { signal: controller.signal }).then(
      (item) => settle({ phase: 'ready', item }),
      (error: unknown) =>
        settle(
          error instanceof ApiError && error.code === CODE.NOT_FOUND
            ? MISSING
            : { phase: 'failed' },
        ),
    );
    return () => controller.abort();
  }, [id, attempt]);

  const shown = id === null ? MISSING : loaded?.id === id ? loaded.phase : LOADING;
  const retry = () => setAttempt((n) => n + 1);
  // A read that failed (no signal, say) is tried again once the connection is back.
  useRetryWhenBack(shown.phase === 'failed', retry);
  return { shown, retry };
}

/** The item: title, date and its HTML content, sanitised (docs/architecture.md#texts). */
function Article({ item }: { readonly item: NewsDetailData }) {
  const titleId = useId();
  const { dateTime } = useFormat();
  // Sanitised once per item, not on every render.
  const html = useMemo(() => sanitizeNewsHtml(item.content), [item.content]);
  return (
    <article className="page-body news-article" aria-labelledby={titleId}>
      {/* Upstream text is in whatever language it was written: it sets its own direction. */}
      <h2 id={titleId} className="news-title" dir="auto">
        {item.title}
      </h2>
      <p className="news-meta">
        <time className="num" dateTime={`${item.created_at.replace(' ', 'T')}Z`}>
          {dateTime(item.created_at)}
        </time>
      </p>
      <div
        className="news-content"
        dir="auto"
        data-testid="news-content"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </article>
  );
}

/** `/news/detail?id=`: one news item's content rendered as HTML (docs/product.md#routes). */
export default function NewsDetail() {
  const { t } = useTranslation();
  const { shown, retry } = useNewsItem(newsIdOf(useSearch()));
  const backToList = (
    <Link href="/news" className="btn btn-secondary">
      {t('web.news.back_to_list')}
    </Link>
  );

  let body: ReactNode;
  switch (shown.phase) {
    case 'loading':
      body = (
        <div className="page-body">
          <SkeletonBlock height={320} label={t('web.common.loading')} />
        </div>
      );
      break;
    case 'ready':
      body = <Article item={shown.item} />;
      break;
    case 'missing':
      body = (
        <EmptyState icon="news" text={t('web.news.not_found')}>
          {backToList}
        </EmptyState>
      );
      break;
    case 'failed':
      body = (
        <EmptyState icon="news" text={t('web.news.load_failed')}>
          <Button variant="primary" onClick={retry}>
            {t('web.list.retry')}
          </Button>
          {backToList}
        </EmptyState>
      );
      break;
  }

  return (
    <>
      <PageHeader backTo="/news" title={t('web.news.detail')} />
      {body}
    </>
  );
}
