import { formatChangePercent, formatPrice, type Instrument } from '@pipstream/protocol';
import { useTranslation } from 'react-i18next';
import { formatAge } from '../../i18n/age.js';
import { useFormat } from '../../i18n/FormatProvider.js';
import { useMarketClosed, useQuote } from '../../live/hooks.js';
import { useAgeTick } from '../../ui/age-clock.js';
import { changeTone } from '../home/quote-list.js';
import { MARKET_OPEN } from './order-form/form.js';

/**
 * The chosen instrument's live price and day change, under the header: marked Closed while its
 * market is, and Delayed (with how old the price is, where known) while it may be stale.
 */
export function QuoteStrip({ instrument }: { readonly instrument: Instrument }) {
  const { t } = useTranslation();
  const { decimal, language } = useFormat();
  const quote = useQuote(instrument.Id);
  const closed = useMarketClosed(instrument.Id, instrument.MarketStatus !== MARKET_OPEN);
  // Until the worker has the quote, the trade list's own says the same thing.
  const price =
    quote?.closeText ?? formatPrice(instrument.ForexQuotations.Close, instrument.PricePrecision);
  const change = quote?.changeText ?? formatChangePercent(instrument.ForexQuotations.Change);
  const tone = changeTone(change);
  // Until the worker says otherwise, the trade list's quote is not a live one.
  const delayed = !closed && (quote?.delayed ?? true);
  const since = quote?.time ?? null;
  useAgeTick(delayed && since !== null);
  const shade = delayed ? ' is-delayed' : '';
  return (
    <div className="trade-quote">
      <span className="trade-quote-code">{instrument.Code}</span>
      <span className={`trade-quote-price num trade-${tone}${shade}`} data-testid="trade-price">
        {decimal(price)}
      </span>
      <span className={`trade-quote-change num trade-${tone}${shade}`} data-testid="trade-change">
        {decimal(change)}
      </span>
      {delayed && (
        <span className="delayed-tag" data-testid="trade-delayed">
          {since === null
            ? t('web.live_guard.delayed')
            : t('web.live_guard.delayed_age', { age: formatAge(Date.now() - since, language) })}
        </span>
      )}
      {closed && (
        <span className="trade-quote-closed" data-testid="trade-quote-closed">
          {t('web.trade.market_closed')}
        </span>
      )}
    </div>
  );
}
