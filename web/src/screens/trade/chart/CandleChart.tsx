import {
  type Candle,
  formatPrice,
  type Instrument,
  LANGUAGE_TAGS,
  type Period,
} from '@pipstream/protocol';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/FormatProvider.js';
import { liveWorker } from '../../../live/bridge.js';
import { useLatestCandle } from '../../../live/hooks.js';
import { Button } from '../../../ui/Button.js';
import { SkeletonBlock } from '../../../ui/Skeleton.js';
import {
  type CandleChart as Chart,
  createCandleChart,
  type LegendListener,
  themeColours,
} from './controller.js';
import { legendTimeFormat } from './time-format.js';
import { useCandleHistory } from './useCandleHistory.js';

export type ChartInstrument = Pick<Instrument, 'Id' | 'Code' | 'PricePrecision'>;

export interface CandleChartProps {
  readonly instrument: ChartInstrument;
  readonly period: Period;
  /** False while the screen is hidden: live candles stop and nothing reloads. */
  readonly active: boolean;
}

const warn = (what: string) => (error: unknown) => console.warn(what, error);

type LegendSlot = 'time' | 'open' | 'high' | 'low' | 'close';

/**
 * The OHLC legend of the candle under the crosshair (the latest one without a crosshair). It
 * moves with the pointer, so it is written straight into the DOM instead of re-rendering.
 */
function useLegend(precision: number, locale: string, period: Period) {
  const root = useRef<HTMLDivElement>(null);
  const { decimal } = useFormat();
  const time = useMemo(() => legendTimeFormat(locale, period), [locale, period]);
  const format = useRef({ precision, time, decimal });
  format.current = { precision, time, decimal };

  const write: LegendListener = (candle) => {
    const element = root.current;
    if (!element) return;
    const { precision: decimals, time, decimal } = format.current;
    const price = (value: number) => decimal(formatPrice(value, decimals));
    const texts: Record<LegendSlot, string> = candle
      ? {
          time: time(candle.Time),
          open: price(candle.Open),
          high: price(candle.High),
          low: price(candle.Low),
          close: price(candle.Close),
        }
      : { time: '', open: '', high: '', low: '', close: '' };
    for (const slot of Object.keys(texts) as LegendSlot[]) {
      const target = element.querySelector(`[data-slot="${slot}"]`);
      if (target) target.textContent = texts[slot];
    }
    element.dataset.direction = candle && candle.Close < candle.Open ? 'down' : 'up';
    // Kept in the layout while empty, so the chart under it never jumps.
    element.dataset.empty = String(candle === undefined);
  };
  return { root, write };
}

/**
 * The candlestick chart of one instrument and period: history from `kline`, live candles from
 * `KLINE.{code}.{period}` while the screen is on show, a loading skeleton, and an error or
 * empty state in place of a chart with no candles.
 */
export function CandleChart({ instrument, period, active }: CandleChartProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const locale = LANGUAGE_TAGS[format.language];
  const { history, retry } = useCandleHistory(instrument.Id, period, active);
  const latest = useLatestCandle();
  const host = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<Chart | null>(null);
  /** What the chart draws, for the overlays: the history it holds and how many candles. */
  const [drawnState, setDrawnState] = useState<{ key: string | null; count: number }>({
    key: null,
    count: 0,
  });
  const legend = useLegend(instrument.PricePrecision, locale, period);
  const legendWrite = useRef(legend.write);
  legendWrite.current = legend.write;

  // The live candle of this instrument and period, if that is what the worker has.
  const live =
    latest && latest.code === instrument.Code && latest.period === period
      ? (latest as Candle)
      : undefined;
  const liveRef = useRef(live);
  liveRef.current = live;
  /** Which history the chart holds; live candles join only the history they belong to. */
  const loadedKey = useRef<string | null>(null);

  // One chart per language (its time and price labels); it draws once it has a size and candles.
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const created = createCandleChart(element, {
      locale,
      localize: format.decimal,
      colours: themeColours(element),
      onLegend: (candle) => legendWrite.current(candle),
    });
    const observer = new ResizeObserver(([entry]) => {
      if (entry) created.resize(entry.contentRect.width, entry.contentRect.height);
    });
    observer.observe(element);
    loadedKey.current = null;
    setChart(created);
    return () => {
      observer.disconnect();
      created.destroy();
      setChart(null);
    };
  }, [locale, format]);

  useEffect(() => {
    if (!chart || !history.candles) return;
    chart.load(history.candles, { period, precision: instrument.PricePrecision });
    loadedKey.current = history.key;
    if (liveRef.current) chart.live(liveRef.current);
    setDrawnState({ key: history.key, count: chart.count() });
  }, [chart, history.key, history.candles, period, instrument.PricePrecision]);

  useEffect(() => {
    if (!chart || !live || loadedKey.current !== history.key) return;
    chart.live(live);
    const count = chart.count();
    setDrawnState((old) => (old.count === count ? old : { ...old, count }));
  }, [chart, live, history.key]);

  // Live candles only while on show: a hidden screen costs the socket and the worker nothing.
  useEffect(() => {
    if (!active) return;
    const worker = liveWorker();
    worker.watchCandles(instrument.Code, period).catch(warn('candles not watched'));
    return () => {
      worker.unwatchCandles().catch(warn('candles not unwatched'));
    };
  }, [active, instrument.Code, period]);

  // A different instrument or period shows its own state until its candles are in.
  const drawn = drawnState.key === history.key && drawnState.count > 0;
  return (
    <div
      className={drawn ? 'chart' : 'chart chart-pending'}
      aria-busy={history.status === 'loading' && !drawn}
    >
      <div ref={legend.root} className="chart-legend" data-empty="true">
        <span data-slot="time" className="chart-legend-time" />
        <span>
          {t('web.trade.ohlc.open')} <b data-slot="open" />
        </span>
        <span>
          {t('web.trade.ohlc.high')} <b data-slot="high" />
        </span>
        <span>
          {t('web.trade.ohlc.low')} <b data-slot="low" />
        </span>
        <span>
          {t('web.trade.ohlc.close')} <b data-slot="close" />
        </span>
      </div>
      <div ref={host} className={drawn ? 'chart-canvas' : 'chart-canvas chart-canvas-idle'} />
      {!drawn && (
        <div className="chart-overlay">
          {history.status === 'loading' && (
            <SkeletonBlock height={220} label={t('web.common.loading')} />
          )}
          {history.status === 'error' && (
            <div className="chart-message" role="alert">
              <p>{t('web.trade.chart_error')}</p>
              <Button variant="secondary" onClick={retry}>
                {t('web.common.reload')}
              </Button>
            </div>
          )}
          {history.status === 'ready' && (
            <p className="chart-message" role="status">
              {t('web.trade.chart_empty')}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
