import { formatChangePercent, formatPrice, type Instrument } from '@pipstream/protocol';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/FormatProvider.js';
import { useQuote } from '../../live/hooks.js';
import { changeTone } from '../home/quote-list.js';
import { isMarketOpen } from './order-form/form.js';

/** The chosen instrument's live price and day change, under the header. */
export function QuoteStrip({ instrument }: { readonly instrument: Instrument }) {
  const { t } = useTranslation();
  const { decimal } = useFormat();
  const quote = useQuote(instrument.Id);
  // Until the worker has the quote, the trade list's own says the same thing.
  const price =
    quote?.closeText ?? formatPrice(instrument.ForexQuotations.Close, instrument.PricePrecision);
  const change = quote?.changeText ?? formatChangePercent(instrument.ForexQuotations.Change);
  const tone = changeTone(change);
  // Until the worker says otherwise, the trade list's quote is not a live one.
  const delayed = quote?.delayed ?? true;
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
      {delayed && isMarketOpen(instrument) && (
        <span className="delayed-tag" data-testid="trade-delayed">
          {t('web.live_guard.delayed')}
        </span>
      )}
      {!isMarketOpen(instrument) && (
        <span className="trade-quote-closed">{t('web.trade.market_closed')}</span>
      )}
    </div>
  );
}
