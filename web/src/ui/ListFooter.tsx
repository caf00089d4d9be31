import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.js';
import type { PagedList } from './paged-list.js';

/** How far below the screen the next page starts loading (this project's choice). */
const PRELOAD_MARGIN = '240px 0px';

export interface ListFooterProps {
  readonly list: Pick<
    PagedList<unknown>,
    'items' | 'loading' | 'end' | 'error' | 'loadMore' | 'retry'
  >;
  /** How many rows are on show (fewer than `items` when some were taken out). */
  readonly shown?: number;
}

/**
 * The end of a paged list: the next page loads by itself as the end scrolls near (infinite scroll),
 * with a "Load more" button for when it does not; "Loading", a retry after a failure, or "No more"
 * once everything is in (docs/product.md#routes wording).
 */
export function ListFooter({ list, shown = list.items.length }: ListFooterProps) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const { loadMore } = list;
  const waiting = !list.end && list.loading === null && list.error === null;

  useEffect(() => {
    const element = sentinel.current;
    if (!waiting || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [waiting, loadMore]);

  let content: ReactNode = null;
  if (list.loading === 'more') {
    content = (
      <p className="list-footer-note" role="status">
        <span className="list-spinner" aria-hidden="true" />
        {t('web.common.loading')}
      </p>
    );
  } else if (list.error === 'more') {
    content = (
      <>
        <p className="list-footer-note">{t('web.list.load_failed')}</p>
        <Button variant="ghost" onClick={list.retry}>
          {t('web.list.retry')}
        </Button>
      </>
    );
  } else if (list.end) {
    if (shown > 0) content = <p className="list-footer-note">{t('web.common.no_more')}</p>;
  } else if (waiting) {
    content = (
      <Button variant="ghost" onClick={loadMore}>
        {t('web.list.load_more')}
      </Button>
    );
  }

  return (
    <div className="list-footer">
      <div ref={sentinel} className="list-sentinel" aria-hidden="true" />
      {content}
    </div>
  );
}
