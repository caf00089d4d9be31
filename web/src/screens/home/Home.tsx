import { Activity, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { usePageActive } from '../../nav/page-activity.js';
import { inCategory } from '../../state/category-filter.js';
import { market } from '../../state/market.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Icon } from '../../ui/Icon.js';
import { IconButton } from '../../ui/IconButton.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { SkeletonList } from '../../ui/Skeleton.js';
import { Tabs } from '../../ui/Tabs.js';
import { ConnectionDot } from '../../widgets/ConnectionBadge.js';
import { LanguageDrawer } from '../../widgets/LanguageDrawer.js';
import { QuoteList } from './QuoteRow.js';

/** docs/product.md#constants: the home skeleton shows 10 items. */
const SKELETON_ROWS = 10;

type CategoryChoice = number | 'all';

/** The category filter bar: every category, or one; skeleton chips until they arrive. */
function CategoryBar() {
  const { t } = useTranslation();
  const { categories, categoryId } = useSnapshot(market);
  if (categories.length === 0) {
    return (
      <div className="category-bar category-bar-loading" aria-hidden="true">
        {[0, 1, 2, 3].map((chip) => (
          <span key={chip} className="skeleton-block skeleton-chip" />
        ))}
      </div>
    );
  }
  const items = [
    { value: 'all' as CategoryChoice, label: t('web.home.all_categories') },
    ...categories.map((category) => ({
      value: category.Id as CategoryChoice,
      label: category.NameShowTrans,
    })),
  ];
  return (
    <Tabs
      className="category-bar"
      label={t('web.home.categories')}
      items={items}
      value={categoryId ?? 'all'}
      onChange={(choice) => {
        market.categoryId = choice === 'all' ? null : choice;
      }}
    />
  );
}

/** The chosen category's quotes: skeleton until the trade list is in, then only visible rows. */
function CategoryQuotes() {
  const { t } = useTranslation();
  const { instruments, loaded, categoryId } = useSnapshot(market);
  const listed = useMemo(
    () => (loaded ? inCategory(instruments, categoryId) : null),
    [loaded, instruments, categoryId],
  );
  // The rows render in the background, in slices the main thread is given back between: on a
  // slow phone the first list's render is the longest task of the start (the skeleton stays
  // until it is done).
  const shown = useDeferredValue(listed);
  if (shown === null) return <SkeletonList rows={SKELETON_ROWS} />;
  if (shown.length === 0) return <EmptyState icon="quotes" text={t('web.common.no_data')} />;
  return (
    <QuoteList instruments={shown} label={t('web.home.quote_list')} testIdPrefix="quote-row-" />
  );
}

/** `/`: quotes by category, the language drawer, and search. */
export default function Home() {
  const { t } = useTranslation();
  const active = usePageActive();
  const [languagesOpen, setLanguagesOpen] = useState(false);
  return (
    <>
      <PageHeader
        title={t('web.home.title')}
        start={
          <IconButton
            icon="globe"
            label={t('web.home.choose_language')}
            aria-haspopup="dialog"
            onClick={() => setLanguagesOpen(true)}
          />
        }
        actions={
          <>
            <ConnectionDot />
            <Link href="/alerts" className="icon-btn" aria-label={t('web.alerts.title')}>
              <Icon name="bell" />
            </Link>
            <Link href="/product" className="icon-btn" aria-label={t('web.home.search')}>
              <Icon name="search" />
            </Link>
          </>
        }
      />
      <CategoryBar />
      <div className="quote-head" aria-hidden="true">
        <span>{t('web.home.column_name')}</span>
        <span>{t('web.home.column_price')}</span>
        <span>{t('web.home.column_change')}</span>
      </div>
      {/* While another screen shows, the rows let go of their subscriptions: ticks cost
          nothing here, and the rows come back with their state when the screen does. */}
      <Activity mode={active ? 'visible' : 'hidden'}>
        <CategoryQuotes />
      </Activity>
      {languagesOpen && <LanguageDrawer onClose={() => setLanguagesOpen(false)} />}
    </>
  );
}
