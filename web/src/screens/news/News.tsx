import type { NewsItem } from '@pipstream/protocol';
import { memo, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { api } from '../../api/index.js';
import { useFormat } from '../../i18n/FormatProvider.js';
import { PagedBody } from '../../ui/PagedBody.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { PullToRefresh, RefreshButton } from '../../ui/PullToRefresh.js';
import { usePagedList } from '../../widgets/usePagedList.js';
import { newsDetailPath } from './news-view.js';

/** A missing picture leaves its place empty rather than showing a broken image. */
function hideBroken(event: SyntheticEvent<HTMLImageElement>) {
  event.currentTarget.hidden = true;
}

/** One news item: picture, title, summary and date, opening its detail. */
const NewsRow = memo(function NewsRow({ item }: { readonly item: NewsItem }) {
  const { date } = useFormat();
  return (
    <li>
      <Link href={newsDetailPath(item.id)} className="news-row" data-testid={`news-row-${item.id}`}>
        <span className="news-row-text">
          {/* Upstream text is in whatever language it was written: it sets its own direction. */}
          <span className="news-row-title" dir="auto">
            {item.title}
          </span>
          {item.desc !== '' && (
            <span className="news-row-desc" dir="auto">
              {item.desc}
            </span>
          )}
          <time className="news-row-time num" dateTime={`${item.created_at.replace(' ', 'T')}Z`}>
            {date(item.created_at)}
          </time>
        </span>
        {item.logo !== '' && (
          <img
            className="news-thumb"
            src={item.logo}
            alt=""
            width={96}
            height={54}
            loading="lazy"
            decoding="async"
            onError={hideBroken}
          />
        )}
      </Link>
    </li>
  );
});

/**
 * `/news`: news and announcements, newest first, paged, with pull-to-refresh
 * (docs/product.md#routes).
 */
export default function News() {
  const { t } = useTranslation();
  const list = usePagedList<NewsItem>({
    // One category: the protocol's NEWS_CATEGORY, the route's default `category_id`.
    key: 'news',
    keyOf: (item) => item.id,
    fetchPage: async (page, signal) => {
      const answer = await api.call('newsList', { page }, { signal });
      return { rows: answer.data, total: answer.total };
    },
  });

  const firstLoad = list.page === 0 && list.error !== 'reset';
  const body = (
    <PagedBody list={list} icon="news">
      {(items) => (
        <ul className="news-list" aria-label={t('web.news.list_label')}>
          {items.map((item) => (
            <NewsRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </PagedBody>
  );

  return (
    <>
      <PageHeader
        title={t('web.news.title')}
        actions={<RefreshButton onRefresh={list.refresh} />}
      />
      <div className="news-panel" aria-busy={list.loading !== null}>
        <PullToRefresh disabled={firstLoad} onRefresh={list.refresh}>
          {body}
        </PullToRefresh>
      </div>
    </>
  );
}
