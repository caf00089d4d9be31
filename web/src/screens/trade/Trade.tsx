import type { ChartPeriod } from '@pipstream/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { navigate } from '../../nav/location.js';
import { usePageActive } from '../../nav/page-activity.js';
import { openAlertEditor } from '../../state/alert-editor.js';
import { market } from '../../state/market.js';
import { chooseInstrument, choosePeriod, trade } from '../../state/trade-choice.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { IconButton } from '../../ui/IconButton.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { SkeletonBlock } from '../../ui/Skeleton.js';
import { Tabs } from '../../ui/Tabs.js';
import { DemoBadge } from '../../widgets/DemoBadge.js';
import { LiveStatus } from '../../widgets/LiveStatus.js';
import { CandleChart } from './chart/CandleChart.js';
import { InstrumentDrawer } from './InstrumentDrawer.js';
import { MARKET_OPEN } from './order-form/form.js';
import { OrderForm } from './order-form/OrderForm.js';
import { QuoteStrip } from './QuoteStrip.js';
import { useTradeInstrument } from './useTradeInstrument.js';

/** docs/product.md#constants chart periods, in bar order, with the label each shows. */
const PERIOD_TABS: readonly { period: ChartPeriod; labelKey: string }[] = [
  { period: '1min', labelKey: 'web.trade.periods.1min' },
  { period: '5min', labelKey: 'web.trade.periods.5min' },
  { period: '15min', labelKey: 'web.trade.periods.15min' },
  { period: '30min', labelKey: 'web.trade.periods.30min' },
  { period: '60min', labelKey: 'web.trade.periods.60min' },
  { period: '4hour', labelKey: 'web.trade.periods.4hour' },
  { period: '1day', labelKey: 'web.trade.periods.1day' },
  { period: '1week', labelKey: 'web.trade.periods.1week' },
];

/** `/trade`: the instrument drawer, the live quote, the period bar, the chart and the order form. */
export default function Trade() {
  const { t } = useTranslation();
  const active = usePageActive();
  const instrument = useTradeInstrument(active);
  const { period } = useSnapshot(trade);
  const { loaded } = useSnapshot(market);
  const [drawerOpen, setDrawerOpen] = useState(false);

  // A drawer left open does not wait on a hidden screen.
  useEffect(() => {
    if (!active) setDrawerOpen(false);
  }, [active]);

  const choose = (id: number) => {
    chooseInstrument(id);
    // The address names what is shown, so a reload or a shared link opens the same instrument.
    navigate(`/trade?id=${id}`, { replace: true });
    setDrawerOpen(false);
  };

  return (
    <>
      <PageHeader
        title={instrument?.ShowCode ?? t('web.trade.title')}
        start={
          <IconButton
            icon="menu"
            label={t('web.trade.instruments')}
            aria-haspopup="dialog"
            onClick={() => setDrawerOpen(true)}
          />
        }
        actions={
          <>
            <DemoBadge />
            <LiveStatus
              instrumentId={instrument?.Id}
              listedClosed={instrument !== undefined && instrument.MarketStatus !== MARKET_OPEN}
            />
            {instrument && (
              <IconButton
                icon="bell"
                label={t('web.alerts.set', { code: instrument.ShowCode })}
                aria-haspopup="dialog"
                onClick={() => openAlertEditor(instrument.Id)}
              />
            )}
          </>
        }
      />
      {/* On a phone turned sideways this panel fills the screen: a full-screen chart. */}
      <div className="trade-chart-panel">
        {instrument && <QuoteStrip instrument={instrument} />}
        <Tabs
          className="period-bar"
          label={t('web.trade.period')}
          items={PERIOD_TABS.map((tab) => ({ value: tab.period, label: t(tab.labelKey) }))}
          value={period}
          onChange={choosePeriod}
        />
        <section className="chart-area" aria-label={t('web.trade.chart')}>
          {instrument ? (
            <CandleChart instrument={instrument} period={period} active={active} />
          ) : loaded ? (
            <EmptyState text={t('web.trade.no_instruments')} icon="trade" />
          ) : (
            <SkeletonBlock height={240} label={t('web.common.loading')} />
          )}
        </section>
      </div>
      <section className="order-form" aria-label={t('web.trade.order_form')}>
        {instrument ? (
          <OrderForm key={instrument.Id} instrument={instrument} active={active} />
        ) : (
          <SkeletonBlock height={240} />
        )}
      </section>
      {drawerOpen && (
        <InstrumentDrawer
          currentId={instrument?.Id}
          onChoose={choose}
          onClose={() => setDrawerOpen(false)}
        />
      )}
    </>
  );
}
