/**
 * The first screen as HTML: the quotes list (or a trade screen's header) the app would paint,
 * written from the gateway's own data before any script runs. Every value from the upstream is
 * escaped; the rows say their prices are delayed, as the app's rows do until its first live
 * tick. The classes are the app's own, so its style sheet lays the rows out as it lays out its
 * own. The markup mirrors web/src's PageHeader, Tabs, QuoteRow, TabBar and Icon: a change to
 * their structure is made here too (tests/browser/first-screen.test.ts compares the boxes).
 */
import {
  type Category,
  type FirstScreenIcon,
  type FirstScreenTexts,
  formatChangePercent,
  formatPrice,
  type Instrument,
  type Language,
  localizeDecimalText,
  type QuoteTick,
} from '@pipstream/protocol';
import escapeHtml from 'escape-html';

/** A row's height in CSS pixels: the app's QUOTE_ROW_HEIGHT, so its rows replace these in place. */
export const ROW_HEIGHT = 60;

/** The most rows painted: more than a tall phone shows (the app renders the rest as it scrolls). */
export const MAX_ROWS = 30;

/** The quote an instrument shows: its last tick, else the trade list's own. */
export interface ShownQuote {
  readonly close: number;
  readonly change: number;
  /** The market is open (MarketStatus 1). */
  readonly open: boolean;
}

/** What a row or a header is written from. */
export interface QuoteSource {
  readonly language: Language;
  readonly texts: FirstScreenTexts;
  /** The app's icons' paths, by name. */
  readonly icons: Readonly<Record<FirstScreenIcon, string>>;
  /** The quote of an instrument by id. */
  quoteOf(instrument: Instrument): ShownQuote;
}

/** The quote of `instrument` from `tick` (when the gateway has one), else from the trade list. */
export function shownQuote(instrument: Instrument, tick: QuoteTick | undefined): ShownQuote {
  const status = tick?.MarketStatus ?? instrument.MarketStatus;
  return {
    close: tick?.Close ?? instrument.ForexQuotations.Close,
    change: tick?.Change ?? instrument.ForexQuotations.Change,
    open: status === 1,
  };
}

/** The tone class of a change, as the app's quote-list.ts chooses it. */
function toneOf(changeText: string): 'up' | 'down' | 'flat' {
  if (changeText.startsWith('+')) return 'up';
  if (changeText.startsWith('-') && /[1-9]/.test(changeText)) return 'down';
  return 'flat';
}

interface Figures {
  readonly price: string;
  readonly change: string;
  readonly tone: 'up' | 'down' | 'flat';
  readonly state: 'delayed' | 'closed';
  readonly said: string;
}

function figuresOf(instrument: Instrument, source: QuoteSource): Figures {
  const quote = source.quoteOf(instrument);
  const changeText = formatChangePercent(quote.change);
  return {
    price: localizeDecimalText(
      formatPrice(quote.close, instrument.PricePrecision),
      source.language,
    ),
    change: localizeDecimalText(changeText, source.language),
    tone: toneOf(changeText),
    state: quote.open ? 'delayed' : 'closed',
    said: quote.open ? source.texts.delayed : source.texts.closed,
  };
}

function quoteRow(instrument: Instrument, source: QuoteSource): string {
  const id = String(instrument.Id);
  const code = escapeHtml(instrument.Code);
  const showCode = escapeHtml(instrument.ShowCode);
  const figures = figuresOf(instrument, source);
  const subcode =
    instrument.Code === instrument.ShowCode ? '' : `<span class="quote-subcode">${code}</span>`;
  return (
    `<li style="height:${ROW_HEIGHT}px"><a class="quote-row" href="/trade?id=${id}"` +
    ` data-instrument="${id}">` +
    `<span class="quote-name"><span class="quote-mark" aria-hidden="true">${escapeHtml(
      Array.from(instrument.ShowCode)[0] ?? '',
    )}</span><span class="quote-codes"><span class="quote-code">${showCode}</span>${subcode}` +
    `<span class="quote-status" data-state="${figures.state}">${escapeHtml(
      figures.said,
    )}</span></span></span>` +
    `<span class="quote-price-cell"><span class="quote-price num quote-${figures.tone}"` +
    ` data-direction="flat" data-state="${figures.state}">${escapeHtml(
      figures.price,
    )}</span></span>` +
    `<span class="quote-change num quote-change-${figures.tone}" data-state="${figures.state}">${escapeHtml(figures.change)}</span></a></li>`
  );
}

/** An icon as the app's `Icon` draws it (ui/Icon.tsx), decorative. */
function icon(path: string): string {
  return (
    '<svg class="icon" width="24" height="24" viewBox="0 0 24 24" fill="none"' +
    ' stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"' +
    ` aria-hidden="true" focusable="false"><path d="${escapeHtml(path)}"></path></svg>`
  );
}

/**
 * An icon-only control as the app's `IconButton` (no `href`) or icon link draws it, named by
 * `label`. The painted screen is inert, so neither answers a tap before the app's own does.
 */
function iconControl(path: string, label: string, href?: string): string {
  const name = escapeHtml(label);
  return href === undefined
    ? `<button type="button" class="icon-btn" aria-label="${name}" title="${name}">${icon(path)}</button>`
    : `<a href="${href}" class="icon-btn" aria-label="${name}">${icon(path)}</a>`;
}

function header(title: string, start: string, end: string): string {
  return (
    `<header class="page-header"><div class="page-header-side">${start}</div>` +
    `<h1 class="page-title">${escapeHtml(title)}</h1>` +
    `<div class="page-header-side page-header-end">${end}</div></header>`
  );
}

/** The category bar as the quotes screen's `Tabs`: every category, "all" chosen. */
function categoryBar(categories: readonly Category[], texts: FirstScreenTexts): string {
  const tab = (label: string, chosen: boolean) =>
    `<button type="button" role="tab" class="tab" aria-selected="${String(chosen)}">${escapeHtml(label)}</button>`;
  return (
    `<div role="tablist" aria-label="${escapeHtml(texts.categories)}" class="tabs category-bar">` +
    tab(texts.allCategories, true) +
    categories.map((category) => tab(category.NameShowTrans, false)).join('') +
    '</div>'
  );
}

/** The bottom tab bar as the app's `TabBar`, with `current` marked. */
function tabBar(current: '/' | '/trade', source: QuoteSource): string {
  const { texts, icons } = source;
  const tabs: readonly [string, FirstScreenIcon, string][] = [
    ['/', 'quotes', texts.tabQuotes],
    ['/trade', 'trade', texts.tabTrade],
    ['/order', 'order', texts.tabOrder],
    ['/rank', 'rank', texts.tabRank],
    ['/user', 'user', texts.tabUser],
  ];
  const items = tabs.map(([path, name, label]) => {
    const here = path === current;
    return (
      `<a href="${path}" class="${here ? 'tabbar-item tabbar-item-current' : 'tabbar-item'}"` +
      `${here ? ' aria-current="page"' : ''}>${icon(icons[name])}<span>${escapeHtml(label)}</span></a>`
    );
  });
  return `<nav class="tabbar" aria-label="${escapeHtml(texts.tabs)}">${items.join('')}</nav>`;
}

/** The connection dot of a header: the connection is still being made. */
function connectionDot(texts: FirstScreenTexts): string {
  return `<span class="connection-dot" data-state="connecting" title="${escapeHtml(texts.connecting)}" aria-hidden="true"></span>`;
}

/**
 * The quotes screen as the app lays it out: its header and controls, the category bar, the
 * column heads, the first `MAX_ROWS` rows of `listed` and the tab bar — the very boxes the app
 * puts in their places, so nothing moves when it takes over.
 */
export function quotesMarkup(
  listed: readonly Instrument[],
  categories: readonly Category[],
  source: QuoteSource,
): string {
  const { texts, icons } = source;
  const rows = listed
    .slice(0, MAX_ROWS)
    .map((instrument) => quoteRow(instrument, source))
    .join('');
  return (
    header(
      texts.title,
      iconControl(icons.globe, texts.chooseLanguage),
      connectionDot(texts) +
        iconControl(icons.bell, texts.alerts, '/alerts') +
        iconControl(icons.search, texts.search, '/product'),
    ) +
    categoryBar(categories, texts) +
    '<div class="quote-head" aria-hidden="true">' +
    `<span>${escapeHtml(texts.columnName)}</span><span>${escapeHtml(texts.columnPrice)}</span>` +
    `<span>${escapeHtml(texts.columnChange)}</span></div>` +
    `<ul class="first-screen-rows" aria-label="${escapeHtml(texts.quoteList)}">${rows}</ul>` +
    tabBar('/', source)
  );
}

/** A trade screen's header: the instrument's name, its price and its day's change. */
export function tradeMarkup(instrument: Instrument, source: QuoteSource): string {
  const { texts, icons } = source;
  const figures = figuresOf(instrument, source);
  return (
    header(instrument.ShowCode, iconControl(icons.menu, texts.instruments), '') +
    `<div class="first-screen-quote" data-instrument="${String(instrument.Id)}">` +
    `<span class="quote-price num quote-${figures.tone}" data-state="${figures.state}">${escapeHtml(figures.price)}</span>` +
    `<span class="quote-change num quote-change-${figures.tone}" data-state="${figures.state}">${escapeHtml(
      figures.change,
    )}</span><span class="quote-status" data-state="${figures.state}">${escapeHtml(
      figures.said,
    )}</span></div>` +
    tabBar('/trade', source)
  );
}
