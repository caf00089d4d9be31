import type { Instrument } from '@pipstream/protocol';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useFormat } from '../../i18n/FormatProvider.js';
import { useQuote } from '../../live/hooks.js';
import { Logo } from '../../ui/Logo.js';
import { VirtualList } from '../../ui/VirtualList.js';
import { changeTone } from './quote-list.js';

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

/** The instrument's logo, or its initial in a circle when the trade list names none. */
function InstrumentMark({ logo, showCode }: { readonly logo: string; readonly showCode: string }) {
  if (logo) return <Logo src={logo} size={32} />;
  return (
    <span className="quote-mark" aria-hidden="true">
      {showCode.slice(0, 1)}
    </span>
  );
}

/** The flash of a move: the price's overlay fading out (opacity only: the compositor runs it). */
const FLASH_KEYFRAMES: Keyframe[] = [{ opacity: 1 }, { opacity: 0 }];
const FLASH_TIMING: KeyframeAnimationOptions = {
  duration: 450,
  easing: 'ease-out',
  pseudoElement: '::after',
};
/** Reduced motion keeps the cue but not the motion, like base.css does for CSS animations. */
const FLASH_TIMING_REDUCED: KeyframeAnimationOptions = { ...FLASH_TIMING, duration: 1 };
const reducedMotion =
  typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : undefined;

/**
 * One instrument's live quote, linking to its trade screen. Props are plain values, so the row
 * re-renders only when its own quote changes (`useQuote` watches that slice alone) — and then
 * only its figures (`QuoteFigures`): the link, logo and codes stay as they are.
 */
export const QuoteRow = memo(function QuoteRow({
  id,
  code,
  showCode,
  logo,
  testId,
}: QuoteRowProps) {
  // The link is named by the text it shows, in reading order, the logo aside (WCAG 2.5.3: a
  // voice-control user says what they see): code, price and change.
  return (
    <Link href={`/trade?id=${id}`} className="quote-row" data-testid={testId}>
      <span className="quote-name">
        <InstrumentMark logo={logo} showCode={showCode} />
        <span className="quote-codes">
          <span className="quote-code">{showCode}</span>
          {code !== showCode && <span className="quote-subcode">{code}</span>}
        </span>
      </span>
      <QuoteFigures id={id} />
    </Link>
  );
});

/**
 * A row's live price and change. The flash: the price's element stays mounted; each move
 * replays its overlay's fade with the Web Animations API, so a tick costs a text update and a
 * compositor animation — no remount, no timer. A row that mounts with a move already behind it
 * (scrolled into view, or shown again) does not flash for it.
 */
function QuoteFigures({ id }: { readonly id: number }) {
  const quote = useQuote(id);
  const { decimal } = useFormat();
  const [timeAtMount] = useState(quote?.time);
  const time = quote?.time;
  const moved = quote !== undefined && time !== timeAtMount && quote.direction !== 'flat';
  const tone = changeTone(quote?.changeText);
  const price = useRef<HTMLSpanElement>(null);
  const flash = useRef<Animation | undefined>(undefined);

  useLayoutEffect(() => {
    if (!moved || time === undefined) return;
    flash.current?.cancel();
    flash.current = price.current?.animate?.(
      FLASH_KEYFRAMES,
      reducedMotion?.matches ? FLASH_TIMING_REDUCED : FLASH_TIMING,
    );
  }, [moved, time]);

  return (
    <>
      <span
        ref={price}
        className={`quote-price quote-flash num quote-${tone}`}
        data-testid="quote-price"
        data-direction={quote?.direction ?? 'flat'}
      >
        {decimal(quote?.closeText ?? '--')}
      </span>
      <span className="quote-change-cell">
        <span className={`quote-change num quote-change-${tone}`} data-testid="quote-change">
          {decimal(quote?.changeText ?? '--')}
        </span>
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
