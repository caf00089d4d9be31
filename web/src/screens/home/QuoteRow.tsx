import type { Instrument } from '@pipstream/protocol';
import { memo, type RefObject, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAge } from '../../i18n/age.js';
import { useFormat } from '../../i18n/FormatProvider.js';
import { useQuotePaint } from '../../live/hooks.js';
import { live } from '../../live/store.js';
import { openAlertEditor } from '../../state/alert-editor.js';
import { onAgeTick } from '../../ui/age-clock.js';
import { Logo } from '../../ui/Logo.js';
import { longPressHandlers } from '../../ui/long-press.js';
import { RowLink } from '../../ui/RowLink.js';
import { VirtualList } from '../../ui/VirtualList.js';
import type { QuoteView } from '../../worker/contract.js';
import { logoGate } from './logo-gate.js';
import { changeClass, createQuotePainter, priceClass, type QuoteState } from './quote-paint.js';

/** Every quote row's height in CSS pixels (the virtual list lays rows out by it). */
export const QUOTE_ROW_HEIGHT = 60;

export interface QuoteRowProps {
  readonly id: number;
  readonly code: string;
  readonly showCode: string;
  readonly logo: string;
  /** The row's `data-testid`: browser tests find a row by its instrument code. */
  readonly testId: string;
}

/**
 * The instrument's logo, or its initial in a circle when the trade list names none — and until
 * the first quotes are on screen (see logo-gate.ts).
 */
function InstrumentMark({ logo, showCode }: { readonly logo: string; readonly showCode: string }) {
  const logosShown = useSyncExternalStore(logoGate.subscribe, logoGate.isOpen, () => true);
  if (logo && logosShown) return <Logo src={logo} size={32} />;
  return (
    <span className="quote-mark" aria-hidden="true">
      {showCode.slice(0, 1)}
    </span>
  );
}

/** A long press on a row (or its context menu) sets a price alert on its instrument. */
const SET_ALERT = longPressHandlers((row) => {
  const id = Number(row.dataset.instrument);
  if (Number.isSafeInteger(id) && id > 0) openAlertEditor(id);
});

/**
 * One instrument's live quote, linking to its trade screen; a long press sets a price alert. Props are plain values and ticks
 * never render it: `QuoteFigures` writes them into the DOM itself.
 */
export const QuoteRow = memo(function QuoteRow({
  id,
  code,
  showCode,
  logo,
  testId,
}: QuoteRowProps) {
  // The link is named by the text it shows, in reading order, the logo aside (WCAG 2.5.3: a
  // voice-control user says what they see): code, a price that is not live says so, price
  // and change.
  const status = useRef<HTMLSpanElement>(null);
  return (
    <RowLink
      to={`/trade?id=${id}`}
      className="quote-row"
      data-testid={testId}
      data-instrument={id}
      {...SET_ALERT}
    >
      <span className="quote-name">
        <InstrumentMark logo={logo} showCode={showCode} />
        <span className="quote-codes">
          <span className="quote-code">{showCode}</span>
          {code !== showCode && <span className="quote-subcode">{code}</span>}
          <span ref={status} className="quote-status" data-testid="quote-status" />
        </span>
      </span>
      <QuoteFigures id={id} status={status} />
    </RowLink>
  );
});

/**
 * A row's live price and change. React renders the elements once; every tick is written into
 * them by the row's painter (see quote-paint.ts), so a tick costs no render, and a move lights
 * the price's flash overlay (quote-flash.ts). A row that mounts with a move already behind it
 * (scrolled into view, or shown again) does not flash for it. The texts stay the link's
 * content, so screen readers read the row as before.
 */
function QuoteFigures({
  id,
  status,
}: {
  readonly id: number;
  readonly status: RefObject<HTMLSpanElement | null>;
}) {
  const { t } = useTranslation();
  const { decimal, language } = useFormat();
  const price = useRef<HTMLSpanElement>(null);
  const change = useRef<HTMLSpanElement>(null);
  const flash = useRef<HTMLSpanElement>(null);
  const paint = useMemo(() => {
    // Closed, or Delayed with the age of the price where it is known (docs/product.md#trusting-live-figures).
    const said = (quote: QuoteView | undefined, state: QuoteState) =>
      state === 'closed'
        ? t('web.trade.market_closed')
        : quote?.time == null
          ? t('web.live_guard.delayed')
          : t('web.live_guard.delayed_age', { age: formatAge(Date.now() - quote.time, language) });
    const painter = createQuotePainter({ price, change, flash, status }, decimal, undefined, said);
    return (quote: QuoteView | undefined, initial: boolean) => {
      painter(quote, initial);
      if (quote) logoGate.quoteShown();
    };
  }, [decimal, language, t, status]);
  useQuotePaint(id, paint);
  // An old price's age grows with no new quote: written again on the shared age clock.
  useEffect(() => onAgeTick(() => paint(live.quotes[id], false)), [id, paint]);
  return (
    <>
      {/* The cell lights (data-flash): its overlay shows and the price turns to read on it. */}
      <span ref={flash} className="quote-price-cell">
        <span
          ref={price}
          className={priceClass('flat')}
          data-testid="quote-price"
          data-direction="flat"
        />
        <span className="quote-flash" aria-hidden="true" />
      </span>
      <span className="quote-change-cell">
        <span ref={change} className={changeClass('flat')} data-testid="quote-change" />
      </span>
    </>
  );
}

export interface QuoteListProps {
  /** Only the fields a row shows, so snapshots and plain lists both fit. */
  readonly instruments: readonly Pick<Instrument, 'Id' | 'Code' | 'ShowCode' | 'Logo'>[];
  /** The list's accessible name. */
  readonly label: string;
  /** Each row's `data-testid` is this prefix and the instrument code. */
  readonly testIdPrefix: string;
}

/** Live quote rows for `instruments`, only the visible ones rendered (home and search share it). */
export function QuoteList({ instruments, label, testIdPrefix }: QuoteListProps) {
  return (
    <VirtualList
      className="quote-list"
      label={label}
      items={instruments}
      rowHeight={QUOTE_ROW_HEIGHT}
      getKey={(instrument) => instrument.Id}
      renderRow={(instrument) => (
        <QuoteRow
          id={instrument.Id}
          code={instrument.Code}
          showCode={instrument.ShowCode}
          logo={instrument.Logo}
          testId={`${testIdPrefix}${instrument.Code}`}
        />
      )}
    />
  );
}
