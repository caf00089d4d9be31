import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { navigate } from '../../app/location.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { SkeletonList } from '../../ui/Skeleton.js';
import { Tabs } from '../../ui/Tabs.js';

/** SPEC §4 order tabs and the `type` each stands for: holding 1, pending 0, history 3. */
const ORDER_TABS = [
  { type: 1, labelKey: 'web.order.tabs.holding' },
  { type: 0, labelKey: 'web.order.tabs.pending' },
  { type: 3, labelKey: 'web.order.tabs.history' },
] as const;

type OrderTab = (typeof ORDER_TABS)[number]['type'];

/** The tab a query names (`/order?type=0`); holding when absent or unknown. */
function tabOf(search: string): OrderTab {
  const type = Number(new URLSearchParams(search).get('type') ?? Number.NaN);
  return ORDER_TABS.find((tab) => tab.type === type)?.type ?? 1;
}

/** `/order`: holding, pending and history orders. */
export default function Orders() {
  const { t } = useTranslation();
  const tab = tabOf(useSearch());
  return (
    <>
      <PageHeader title={t('web.order.title')} />
      <Tabs
        label={t('web.order.tabs.label')}
        items={ORDER_TABS.map((item) => ({ value: item.type, label: t(item.labelKey) }))}
        value={tab}
        // The tab lives in the query, so a reload or a shared link opens the same one.
        onChange={(type) => navigate(`/order?type=${type}`, { replace: true })}
      />
      <div role="tabpanel" className="order-panel">
        <SkeletonList rows={4} />
      </div>
    </>
  );
}
