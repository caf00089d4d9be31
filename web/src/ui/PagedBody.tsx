import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.js';
import { EmptyState } from './EmptyState.js';
import type { IconName } from './Icon.js';
import { ListFooter } from './ListFooter.js';
import type { PagedList } from './paged-list.js';
import { SkeletonList } from './Skeleton.js';

export interface PagedBodyProps<T> {
  readonly list: PagedList<T>;
  /** The rows on show, when some of `list.items` are taken out (default: all of them). */
  readonly items?: readonly T[];
  /** The empty and failed states' icon. */
  readonly icon?: IconName;
  /** Placeholder rows while the first page loads. */
  readonly skeletonRows?: number;
  /** Renders the rows (the list element itself, with its accessible name). */
  readonly children: (items: readonly T[]) => ReactNode;
}

/**
 * Every paged list's states in one place: a skeleton until the first page is in, a retry when it
 * failed, "No data" when there is nothing, else the rows and the footer that loads the next page
 * and says "No more" at the end (docs/product.md#routes wording).
 */
export function PagedBody<T>({
  list,
  items = list.items,
  icon,
  skeletonRows = 6,
  children,
}: PagedBodyProps<T>) {
  const { t } = useTranslation();
  if (list.error === 'reset') {
    return (
      <EmptyState icon={icon} text={t('web.list.load_failed')}>
        <Button variant="secondary" onClick={list.retry}>
          {t('web.list.retry')}
        </Button>
      </EmptyState>
    );
  }
  if (list.page === 0) return <SkeletonList rows={skeletonRows} />;
  if (items.length === 0 && list.end) {
    return <EmptyState icon={icon} text={t('web.common.no_data')} />;
  }
  return (
    <>
      {children(items)}
      <ListFooter list={list} shown={items.length} />
    </>
  );
}
