/**
 * How candle times read on the chart. Candle times are UTC seconds (docs/product.md#constants);
 * they are shown in the viewer's own time zone, the way a trader reads a clock (this project's
 * choice), in the Gregorian calendar with Latin digits in every language, as the rest of the app's
 * times.
 */
import { CHART_PERIOD_SECONDS, type ChartPeriod } from '@pipstream/protocol';

type TimeFormat = (seconds: number) => string;

const HOUR = 3600;
const DAY = 86_400;

function formatter(locale: string, options: Intl.DateTimeFormatOptions, timeZone?: string) {
  const format = new Intl.DateTimeFormat(locale, {
    ...options,
    calendar: 'gregory',
    numberingSystem: 'latn',
    timeZone,
  });
  return (seconds: number) => format.format(seconds * 1000);
}

/**
 * Axis labels: the clock time below an hour per candle, day and hour for hourly candles, the
 * date for daily ones.
 */
export function axisTimeFormat(locale: string, period: ChartPeriod, timeZone?: string): TimeFormat {
  const seconds = CHART_PERIOD_SECONDS[period];
  if (seconds >= DAY) return formatter(locale, { month: '2-digit', day: '2-digit' }, timeZone);
  if (seconds >= HOUR) {
    return formatter(
      locale,
      { day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
      timeZone,
    );
  }
  return formatter(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, timeZone);
}

/** The legend's time of one candle: the date for daily candles, date and time otherwise. */
export function legendTimeFormat(
  locale: string,
  period: ChartPeriod,
  timeZone?: string,
): TimeFormat {
  if (CHART_PERIOD_SECONDS[period] >= DAY) {
    return formatter(locale, { year: 'numeric', month: '2-digit', day: '2-digit' }, timeZone);
  }
  return formatter(
    locale,
    { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
    timeZone,
  );
}
