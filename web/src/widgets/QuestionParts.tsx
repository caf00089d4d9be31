/**
 * The parts only some questions show (ConfirmHost loads them when one does): a price question's
 * live price and a withdrawal's destination.
 */
import { formatPrice, pipSize, roundTo } from '@pipstream/protocol';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../i18n/FormatProvider.js';
import { useQuote } from '../live/hooks.js';
import type { AskedDestination, AskedPrice } from '../state/ui.js';
import { groupsOf } from '../ui/grouping.js';

/**
 * The executable price as it ticks, and the range the trader's deviation lets it fill in.
 * `shown` holds the price on screen, so a confirmation answers exactly what was read.
 */
export function LivePrice({
  price,
  shown,
}: {
  readonly price: AskedPrice;
  readonly shown: { current: number | undefined };
}) {
  const { t } = useTranslation();
  const { decimal } = useFormat();
  const quote = useQuote(price.instrumentId);
  const now = quote?.close;
  shown.current = now;
  const at = (value: number) =>
    decimal(formatPrice(roundTo(value, price.pricePrecision), price.pricePrecision));
  const away = price.deviationPips * pipSize(price.pricePrecision);
  return (
    <div className="confirm-price">
      <p className="confirm-price-now">
        <span>{t('web.order_question.price_now')}</span>
        <span
          className={
            quote?.delayed ? 'confirm-price-value num is-delayed' : 'confirm-price-value num'
          }
          data-testid="question-price"
        >
          {now === undefined ? '--' : at(now)}
        </span>
      </p>
      {now !== undefined && (
        <p className="form-note" data-testid="question-range">
          {price.deviationPips > 0
            ? t('web.order_question.fills_within', { low: at(now - away), high: at(now + away) })
            : t('web.order_question.fills_exactly', { price: at(now) })}
        </p>
      )}
    </div>
  );
}

/** An address or account shown whole: every character, in groups of four, wrapped. */
export function Destination({ destination }: { readonly destination: AskedDestination }) {
  return (
    <div className="confirm-destination" data-testid="question-destination">
      <p className="confirm-destination-label">{destination.label}</p>
      {destination.name && <p className="confirm-destination-name">{destination.name}</p>}
      {/* Left to right in every language: an address reads the same in Arabic. */}
      <p className="confirm-destination-value" dir="ltr" data-testid="question-destination-value">
        {groupsOf(destination.value).map((group, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the groups are the value's own slices.
          <span key={index} className="confirm-destination-group">
            {group}
          </span>
        ))}
      </p>
    </div>
  );
}
