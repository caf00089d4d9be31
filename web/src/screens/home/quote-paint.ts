/**
 * The hot path of a quote row: its price and change written straight into their elements on
 * each tick, with no React render. Only what differs from what is shown is written, so a tick
 * costs a text update or two; a move lights the price's flash through the shared sweeper
 * (see quote-flash.ts) instead of calling `animate()`, which resolves style at once.
 */
import type { QuoteView } from '../../worker/contract.js';
import { type FlashSweeper, type FlashTarget, quoteFlash } from './quote-flash.js';
import { type ChangeTone, changeTone } from './quote-list.js';

/** What the painter touches of an element: structural, so tests hand it plain objects. */
export interface FigureElement {
  className: string;
  textContent: string | null;
  readonly firstChild: { nodeValue: string | null } | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

/** A React ref, or anything holding an element once it is mounted. */
export interface ElementHolder {
  readonly current: FigureElement | null;
}

/** The elements of one row a painter writes into. */
export interface QuoteElements {
  readonly price: ElementHolder;
  readonly change: ElementHolder;
  /** Where the row says its market is closed or its price delayed (and how old it is). */
  readonly status?: ElementHolder;
  /** What lights on each move: the price's cell, whose overlay and price the CSS restyles. */
  readonly flash: { readonly current: FlashTarget | null };
}

/** The class names of a row's price and change for a tone (React renders the flat ones). */
export function priceClass(tone: ChangeTone): string {
  return `quote-price num quote-${tone}`;
}

export function changeClass(tone: ChangeTone): string {
  return `quote-change num quote-change-${tone}`;
}

/** What a quote row shows when there is no quote. */
const NO_VALUE = '--';

/** Sets `element`'s text, editing its text node in place when it has one. */
export function writeText(element: FigureElement, text: string) {
  const node = element.firstChild;
  if (node) node.nodeValue = text;
  else element.textContent = text;
}

/** What a row says of its price beside the figures: nothing while it is live. */
export type QuoteState = 'live' | 'delayed' | 'closed';

/** The state a row shows for `quote`: closed first (a closed market is never delayed). */
export function quoteState(quote: Pick<QuoteView, 'closed' | 'delayed'> | undefined): QuoteState {
  if (quote?.closed) return 'closed';
  return quote === undefined || quote.delayed ? 'delayed' : 'live';
}

/**
 * A painter of one row's figures into its `elements`, localised by `decimal`. Each call shows
 * `quote` (`undefined`: `--`); a call that is not `initial` flashes the price when the quote
 * moved (a new tick time, up or down) since the last call. A row whose price is not live says
 * so in `status` with `statusText` (its words: Closed, or Delayed and how old), and its figures
 * carry `data-state` for the dimming; a repaint of the same quote updates that age alone.
 */
export function createQuotePainter(
  { price, change, flash: overlay, status }: QuoteElements,
  decimal: (text: string) => string,
  sweeper: FlashSweeper = quoteFlash,
  statusText: (quote: QuoteView | undefined, state: QuoteState) => string = () => '',
): (quote: QuoteView | undefined, initial: boolean) => void {
  let closeText: string | undefined;
  let changeText: string | undefined;
  let tone: ChangeTone | undefined;
  let direction: string | undefined;
  let time: number | null | undefined;
  let state: QuoteState | undefined;
  let said: string | undefined;

  return (quote, initial) => {
    const priceElement = price.current;
    const changeElement = change.current;
    const flashElement = overlay.current;
    if (!priceElement || !changeElement || !flashElement) return;
    const nextClose = quote?.closeText ?? NO_VALUE;
    const nextChange = quote?.changeText ?? NO_VALUE;
    const nextTone = changeTone(quote?.changeText);
    const nextDirection = quote?.direction ?? 'flat';
    if (nextClose !== closeText) writeText(priceElement, decimal(nextClose));
    if (nextChange !== changeText) writeText(changeElement, decimal(nextChange));
    if (nextTone !== tone) {
      priceElement.className = priceClass(nextTone);
      changeElement.className = changeClass(nextTone);
    }
    if (nextDirection !== direction) priceElement.setAttribute('data-direction', nextDirection);
    const nextState = quoteState(quote);
    if (nextState !== state) {
      priceElement.setAttribute('data-state', nextState);
      changeElement.setAttribute('data-state', nextState);
    }
    const statusElement = status?.current;
    const nextSaid = nextState === 'live' ? '' : statusText(quote, nextState);
    if (statusElement && nextSaid !== said) {
      writeText(statusElement, nextSaid);
      statusElement.setAttribute('data-state', nextState);
    }
    const moved =
      !initial && quote !== undefined && quote.time !== time && nextDirection !== 'flat';
    // A row shown again must not replay a flash (CSS transitions restart on display).
    if (initial) sweeper.reset(flashElement);
    else if (moved) sweeper.light(flashElement);
    closeText = nextClose;
    changeText = nextChange;
    tone = nextTone;
    direction = nextDirection;
    time = quote?.time;
    state = nextState;
    said = statusElement ? nextSaid : said;
  };
}
