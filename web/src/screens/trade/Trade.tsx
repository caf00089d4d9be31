import { DEFAULT_PERIOD, type Period } from '@pipstream/protocol';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/IconButton.js';
import { Modal } from '../../ui/Modal.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { SkeletonBlock, SkeletonList } from '../../ui/Skeleton.js';
import { Tabs } from '../../ui/Tabs.js';

/** SPEC §9 chart periods, in bar order, with the label each shows. */
const PERIOD_TABS: readonly { period: Period; labelKey: string }[] = [
  { period: '1min', labelKey: 'web.trade.periods.1min' },
  { period: '5min', labelKey: 'web.trade.periods.5min' },
  { period: '15min', labelKey: 'web.trade.periods.15min' },
  { period: '30min', labelKey: 'web.trade.periods.30min' },
  { period: '60min', labelKey: 'web.trade.periods.60min' },
  { period: '1day', labelKey: 'web.trade.periods.1day' },
];

/** The left drawer listing the instruments. */
function InstrumentDrawer({ onClose }: { readonly onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Modal placement="start" labelledBy={titleId} onClose={onClose}>
      <div className="drawer-head">
        <h2 id={titleId}>{t('web.trade.instruments')}</h2>
        <IconButton icon="close" label={t('web.common.close')} onClick={onClose} />
      </div>
      <div className="drawer-body">
        <SkeletonList rows={10} />
      </div>
    </Modal>
  );
}

/** `/trade`: the instrument drawer, the period bar, the chart and the order form. */
export default function Trade() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD);
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <>
      <PageHeader
        title={t('web.trade.title')}
        start={
          <IconButton
            icon="menu"
            label={t('web.trade.instruments')}
            aria-haspopup="dialog"
            onClick={() => setDrawerOpen(true)}
          />
        }
      />
      <Tabs
        className="period-bar"
        label={t('web.trade.period')}
        items={PERIOD_TABS.map((tab) => ({ value: tab.period, label: t(tab.labelKey) }))}
        value={period}
        onChange={setPeriod}
      />
      <section className="chart-area" aria-label={t('web.trade.chart')}>
        <SkeletonBlock height={280} label={t('web.common.loading')} />
      </section>
      <section className="order-form" aria-label={t('web.trade.order_form')}>
        <SkeletonBlock height={240} />
      </section>
      {drawerOpen && <InstrumentDrawer onClose={() => setDrawerOpen(false)} />}
    </>
  );
}
