// Over 400 lines: one component ties the controller, the legend, the order lines and the
// drawings to one uPlot chart and its feed; the logic of each lives in its own module.
import {
  type Candle,
  type ChartPeriod,
  chartTopic,
  type IndicatorLine,
  type IndicatorSettings,
  type Instrument,
  indicatorLines,
  LANGUAGE_TAGS,
  readIndicatorSettings,
  subPanes,
} from '@pipstream/protocol';
import {
  type CSSProperties,
  Fragment,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useFormat } from '../../../i18n/FormatProvider.js';
import { liveWorker } from '../../../live/bridge.js';
import { onChartFeed } from '../../../live/chart-feed.js';
import { live } from '../../../live/store.js';
import { theme } from '../../../state/theme.js';
import { Button } from '../../../ui/Button.js';
import { SkeletonBlock } from '../../../ui/Skeleton.js';
import { chartType } from './chart-type.js';
import {
  type ChartColours,
  type ChartController,
  createChartController,
  indicatorColour,
  SUB_PANE_PX,
  themeColours,
} from './controller.js';
import { DrawingsLayer } from './drawings/DrawingsLayer.js';
import { DrawMenu } from './drawings/DrawMenu.js';
import { IndicatorSheet } from './IndicatorSheet.js';
import { chartIndicators } from './indicator-store.js';
import { indicatorHeading, lineFigure, lineLabel, ohlcFigures } from './legend.js';
import { chartLegend } from './legend-store.js';
import { OrderLinesLayer } from './OrderLinesLayer.js';
import { legendTimeFormat } from './time-format.js';
import { useCandleHistory } from './useCandleHistory.js';

export type ChartInstrument = Pick<Instrument, 'Id' | 'Code' | 'PricePrecision'>;

export interface CandleChartProps {
  readonly instrument: ChartInstrument;
  readonly period: ChartPeriod;
  /** False while the screen is hidden: live candles stop and nothing reloads. */
  readonly active: boolean;
}

const warn = (what: string) => (error: unknown) => console.warn(what, error);

/**
 * The legend of the candle under the crosshair (the latest one without a crosshair): its time,
 * OHLC and every indicator line's value there. It moves with the pointer and the ticks, so it
 * is written straight into the DOM instead of re-rendering.
 */
function useLegend(
  precision: number,
  locale: string,
  period: ChartPeriod,
  chart: ChartController | null,
  lines: readonly IndicatorLine[],
) {
  const root = useRef<HTMLDivElement>(null);
  const { decimal } = useFormat();
  const time = useMemo(() => legendTimeFormat(locale, period), [locale, period]);
  const state = useRef({ precision, time, decimal, chart, lines });
  state.current = { precision, time, decimal, chart, lines };

  /** The legend's text nodes, found once per set of lines rather than at every tick. */
  const targets = useRef<{ lines: readonly IndicatorLine[]; slots: Map<string, Element> } | null>(
    null,
  );

  const write = useCallback((index: number | null) => {
    const element = root.current;
    const { precision: decimals, time, decimal, chart, lines } = state.current;
    if (!element || !chart) return;
    let found = targets.current;
    // Rebuilt when the lines change, and until React has put every line's node in place.
    if (found === null || found.lines !== lines || found.slots.size !== 5 + lines.length) {
      const slots = new Map<string, Element>();
      for (const target of element.querySelectorAll('[data-slot], [data-line]')) {
        slots.set(
          target.getAttribute('data-slot') ?? `line:${target.getAttribute('data-line')}`,
          target,
        );
      }
      found = { lines, slots };
      targets.current = found;
    }
    const put = (key: string, text: string) => {
      const target = found.slots.get(key);
      if (target && target.textContent !== text) target.textContent = text;
    };
    const candle: Candle | undefined = chart.candleAt(index);
    const figures = candle ? ohlcFigures(candle, decimals) : undefined;
    put('time', candle ? time(candle.Time) : '');
    for (const slot of ['open', 'high', 'low', 'close'] as const) {
      put(slot, figures ? decimal(figures[slot]) : '');
    }
    const values = chart.valuesAt(index);
    for (const line of lines) {
      const figure = lineFigure(line, values[line.key] ?? null, decimals);
      put(`line:${line.key}`, figure === '' ? '' : decimal(figure));
    }
    element.dataset.direction = candle && candle.Close < candle.Open ? 'down' : 'up';
    // Kept in the layout while empty, so the chart under it never jumps.
    element.dataset.empty = String(candle === undefined);
  }, []);
  return { root, write };
}

/** Calls each listener after every draw of the chart's price pane. */
function useDrawnListeners() {
  const listeners = useRef(new Set<() => void>());
  const notify = useCallback(() => {
    for (const listener of listeners.current) listener();
  }, []);
  const subscribe = useCallback((listener: () => void) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);
  return { notify, subscribe };
}

/**
 * The candlestick chart of one instrument and period: history from `kline`, live candles from
 * `KLINE.{code}.{period}` while the screen is on show, the indicators of this device (computed
 * by the live worker) over the candles and in sub-panes under them, the trader's orders as
 * lines, a loading skeleton, and an error or empty state in place of a chart with no candles.
 */
export function CandleChart({ instrument, period, active }: CandleChartProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const locale = LANGUAGE_TAGS[format.language];
  const { history, retry, older } = useCandleHistory(instrument.Id, period, active);
  const settings = useSnapshot(chartIndicators.state) as IndicatorSettings;
  const lines = useMemo(() => indicatorLines(settings), [settings]);
  const panes = useMemo(() => subPanes(settings), [settings]);
  const host = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ChartController | null>(null);
  const [colours, setColours] = useState<ChartColours | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  /** What the chart draws, for the overlays: the history it holds and how many candles. */
  const [drawnState, setDrawnState] = useState<{ key: string | null; count: number }>({
    key: null,
    count: 0,
  });
  const legendId = useId();
  const legend = useLegend(instrument.PricePrecision, locale, period, chart, lines);
  const drawn = useDrawnListeners();
  const topic = chartTopic(instrument.Code, period);
  const topicRef = useRef(topic);
  topicRef.current = topic;
  /** The source candles of the latest bucket of a period built from another (4H, 1W). */
  const bucket = useRef(history.bucket);
  bucket.current = history.bucket;
  /** Which history the chart holds; live candles join only the history they belong to. */
  const loadedKey = useRef<string | null>(null);
  /** Paging back through `loadedKey`'s history: one page at a time, until none is older. */
  const paging = useRef({ key: null as string | null, busy: false, done: false });
  const needOlder = useRef<() => void>(() => undefined);

  // One chart per language (its time and price labels); it draws once it has a size and candles.
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const created = createChartController(element, {
      type: chartType.state.type,
      locale,
      localize: format.decimal,
      colours: themeColours(element),
      onCursor: (index) => legend.write(index),
      onDrawn: drawn.notify,
      onNeedOlder: () => needOlder.current(),
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
  }, [locale, format, legend.write, drawn.notify]);

  // The palette on show changed (the settings, or the phone turning dark while the choice is
  // "system"): the same chart, candles, indicators and window, in the new theme's colours.
  const { shown: palette } = useSnapshot(theme);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the style sheets follow `palette`.
  useEffect(() => {
    const element = host.current;
    if (!chart || !element) return;
    const themed = themeColours(element);
    chart.recolour(themed);
    setColours(themed);
  }, [chart, palette]);

  // Candlesticks, a line or an area, as chosen on this device.
  const { type } = useSnapshot(chartType.state);
  const { folded } = useSnapshot(chartLegend.state);
  useEffect(() => {
    chart?.setType(type);
  }, [chart, type]);

  // The worker computes what the chart draws: it gets the candles the chart holds.
  const handCandles = useCallback(
    (target: ChartController) => {
      liveWorker()
        .setChartCandles(instrument.Code, period, target.columns(), [...bucket.current])
        .catch(warn('chart candles not handed to the worker'));
    },
    [instrument.Code, period],
  );

  useEffect(() => {
    if (!chart) return;
    chart.setIndicators(lines, panes);
    // A plain copy: a valtio snapshot does not cross to the worker (structured clone).
    liveWorker()
      .setIndicators(readIndicatorSettings(settings))
      .catch(warn('indicators not handed to the worker'));
  }, [chart, lines, panes, settings]);

  useEffect(() => {
    if (!chart || !history.candles) return;
    chart.load(history.candles, { period, precision: instrument.PricePrecision });
    loadedKey.current = history.key;
    const latest = live.candle;
    if (latest && latest.code === instrument.Code && latest.period === period) chart.live(latest);
    handCandles(chart);
    setDrawnState({ key: history.key, count: chart.count() });
  }, [
    chart,
    history.key,
    history.candles,
    period,
    instrument.Code,
    instrument.PricePrecision,
    handCandles,
  ]);

  // Panned to the oldest candle: the page before it, once, while there is one.
  needOlder.current = () => {
    const state = paging.current;
    const key = loadedKey.current;
    if (!chart || key === null) return;
    if (state.key !== key) Object.assign(state, { key, busy: false, done: false });
    const first = chart.candleAt(0)?.Time;
    if (state.busy || state.done || first === undefined) return;
    state.busy = true;
    older(first)
      .then((candles) => {
        if (state.key !== loadedKey.current) return;
        const added = chart.prepend(candles);
        // An upstream that does not page answers nothing older: the history starts here.
        if (added === 0) state.done = true;
        else handCandles(chart);
      })
      .catch(() => {
        // Toasted by the API layer; the chart keeps what it has and stops asking.
        state.done = true;
      })
      .finally(() => {
        state.busy = false;
      });
  };

  // Live candles and indicator values, straight from each batch, in order, with no render.
  useEffect(() => {
    if (!chart) return;
    return onChartFeed(({ candle, indicators }) => {
      if (loadedKey.current !== history.key) return;
      if (candle && candle.code === instrument.Code && candle.period === period) {
        const before = chart.count();
        chart.live(candle);
        // Only the first candle changes what is shown around the chart: a render of the chart's
        // labels at every new candle would cost a tick's worth of the main thread for nothing.
        if (before === 0 && chart.count() > 0) {
          const count = chart.count();
          setDrawnState((old) => (old.count > 0 ? old : { ...old, count }));
        }
      }
      if (indicators) chart.applyIndicators(indicators, topicRef.current);
    });
  }, [chart, history.key, instrument.Code, period]);

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
  const isDrawn = drawnState.key === history.key && drawnState.count > 0;
  return (
    <div
      className={isDrawn ? 'chart' : 'chart chart-pending'}
      aria-busy={history.status === 'loading' && !isDrawn}
    >
      <div className="chart-top">
        <div
          ref={legend.root}
          id={legendId}
          className="chart-legend"
          data-empty="true"
          data-folded={folded}
        >
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
          {lines.map((line, at) => {
            const heading =
              lines[at - 1]?.indicator !== line.indicator
                ? indicatorHeading(line.indicator, settings, t, format.decimal)
                : undefined;
            // Bars take the colour of their candle or sign: their value stays plain.
            const bars = line.part === 'volume' || line.part === 'histogram';
            const colour = colours && !bars ? indicatorColour(line, lines, colours) : undefined;
            return (
              <Fragment key={line.key}>
                {heading && <span className="chart-legend-heading">{heading}</span>}
                <span
                  className="chart-legend-line"
                  data-testid={`legend-${line.key}`}
                  style={colour ? { color: colour } : undefined}
                >
                  {lineLabel(line, t)} <i data-line={line.key} />
                </span>
              </Fragment>
            );
          })}
        </div>
        <button
          type="button"
          className="chart-legend-fold"
          aria-label={t('web.trade.indicators.legend_fold')}
          aria-expanded={!folded}
          aria-controls={legendId}
          onClick={chartLegend.toggle}
        />
        <Button
          variant="ghost"
          className="chart-tools"
          aria-haspopup="dialog"
          onClick={() => setSheetOpen(true)}
        >
          {t('web.trade.indicators.open')}
        </Button>
        <DrawMenu />
      </div>
      <div className="chart-stage">
        <div
          ref={host}
          className={isDrawn ? 'chart-canvas' : 'chart-canvas chart-canvas-idle'}
          style={{ '--chart-sub-panes': `${panes.length * SUB_PANE_PX}px` } as CSSProperties}
        />
        {chart && colours && isDrawn && (
          <OrderLinesLayer
            chart={chart}
            instrumentId={instrument.Id}
            colours={colours}
            subscribeDrawn={drawn.subscribe}
          />
        )}
        {chart && colours && isDrawn && (
          <DrawingsLayer
            key={instrument.Id}
            chart={chart}
            instrument={instrument}
            colours={colours}
            subscribeDrawn={drawn.subscribe}
          />
        )}
      </div>
      {!isDrawn && (
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
      {sheetOpen && <IndicatorSheet onClose={() => setSheetOpen(false)} />}
    </div>
  );
}
