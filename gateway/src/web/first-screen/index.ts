/**
 * The first screen in the page (docs/architecture.md#the-first-screen-in-the-page): `GET /`
 * (and `/trade?id=…`) answer with the quotes the gateway already holds painted into the page, in
 * the visitor's language, so a phone shows prices before any script has run. A page is built
 * once per tick per language and target, never per request; without quotes, a trade list or
 * the build's texts it is the build's plain page (the app's skeleton).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_LANGUAGE,
  FIRST_SCREEN_TEXTS_FILE,
  type FirstScreenTexts,
  firstScreenTextsFileSchema,
  type Instrument,
  LANGUAGE_COOKIE,
  type Language,
  type QuoteTick,
  quoteTickSchema,
  resolveLanguage,
} from '@pipstream/protocol';
import { type Catalogue, createCatalogue } from './catalogue.js';
import { type QuoteSource, quotesMarkup, shownQuote, tradeMarkup } from './markup.js';
import { fillPage, type PageTemplate, pageTemplate } from './page.js';

/** The gateway's last quotes: `version` changes with every tick that reaches them. */
export interface LastQuotes {
  readonly version: number;
  readonly ticks: Iterable<unknown>;
}

export interface FirstScreenOptions {
  /** The web build: `index.html` (the template) and the texts file. */
  readonly webDir: string;
  /** The upstream the trade list and categories are read from. */
  readonly upstreamUrl: string;
  /** The last quotes, or `undefined` while there are none. */
  lastQuotes(): LastQuotes | undefined;
  /** How old a kept trade list may get (this project's choice: 60 s). */
  readonly catalogueRefreshMs?: number;
  readonly onError?: (what: string, error: unknown) => void;
}

/** What a page is asked for: its path and query, and the request's cookies. */
export interface PageRequest {
  readonly path: string;
  readonly query: URLSearchParams;
  readonly cookie: string | undefined;
}

/** The painted page, and what it was painted from (for its validator). */
export interface FirstScreenPage {
  readonly html: string;
  readonly etag: string;
}

/** Most pages kept at once: one per language and target (trade screens by instrument). */
const MAX_KEPT_PAGES = 256;

/**
 * The language of a page: the link's `?lang=`, else the one the app last kept in its cookie,
 * else the product's default — the order the app itself chooses in.
 */
export function pageLanguage(query: URLSearchParams, cookie: string | undefined): Language {
  const kept = cookie
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1);
  return resolveLanguage(query.get('lang')) ?? resolveLanguage(kept) ?? DEFAULT_LANGUAGE;
}

function readBuild(
  webDir: string,
): { template: PageTemplate; texts: Record<string, FirstScreenTexts> } | undefined {
  try {
    const template = pageTemplate(readFileSync(join(webDir, 'index.html'), 'utf8'));
    const texts = firstScreenTextsFileSchema.parse(
      JSON.parse(readFileSync(join(webDir, FIRST_SCREEN_TEXTS_FILE), 'utf8')),
    );
    return template && { template, texts };
  } catch {
    return undefined;
  }
}

function ticksById(ticks: Iterable<unknown>): Map<number, QuoteTick> {
  const byId = new Map<number, QuoteTick>();
  for (const raw of ticks) {
    const tick = quoteTickSchema.safeParse(raw);
    if (tick.success) byId.set(tick.data.Id, tick.data);
  }
  return byId;
}

export function createFirstScreen(options: FirstScreenOptions) {
  const catalogue: Catalogue = createCatalogue({
    upstreamUrl: options.upstreamUrl,
    refreshMs: options.catalogueRefreshMs ?? 60_000,
    onError: (language, error) => options.onError?.(`trade list (${language})`, error),
  });
  const pages = new Map<string, FirstScreenPage>();
  let build: ReturnType<typeof readBuild> | null = null;
  let ticksVersion = -1;
  let ticks = new Map<number, QuoteTick>();

  function currentTicks(quotes: LastQuotes): Map<number, QuoteTick> {
    if (quotes.version !== ticksVersion) {
      ticks = ticksById(quotes.ticks);
      ticksVersion = quotes.version;
    }
    return ticks;
  }

  return {
    /** Reads the trade list of `languages` ahead of their first visitors. */
    warm(languages: readonly Language[]): Promise<void> {
      return Promise.all(languages.map((language) => catalogue.refresh(language))).then(
        () => undefined,
      );
    },

    /** The page for `request` with its first screen, or `undefined` for the plain page. */
    page(request: PageRequest): FirstScreenPage | undefined {
      const quotes = options.lastQuotes();
      if (!quotes) return undefined;
      build ??= readBuild(options.webDir) ?? null;
      const language = pageLanguage(request.query, request.cookie);
      const listed = catalogue.get(language);
      const texts = build?.texts[language];
      if (!build || !listed || !texts) return undefined;
      const trade = request.path === '/trade';
      if (!trade && request.path !== '/') return undefined;
      const wanted = Number(request.query.get('id'));
      // A trade link names its instrument; one the list does not hold gets the plain page.
      const instrument: Instrument | undefined = trade
        ? listed.instruments.find((candidate) => candidate.Id === wanted)
        : undefined;
      if (trade && !instrument) return undefined;
      const etag = `W/"fs-${quotes.version}-${listed.version}"`;
      const key = `${language}|${instrument?.Id ?? 'quotes'}`;
      const kept = pages.get(key);
      if (kept?.etag === etag) return kept;

      const byId = currentTicks(quotes);
      const source: QuoteSource = {
        language,
        texts,
        quoteOf: (shown) => shownQuote(shown, byId.get(shown.Id)),
      };
      const markup = instrument
        ? tradeMarkup(instrument, source)
        : quotesMarkup(listed.instruments, source);
      const html = fillPage(build.template, language, markup, {
        language,
        instruments: [...listed.instruments],
        categories: [...listed.categories],
      });
      if (pages.size >= MAX_KEPT_PAGES) pages.clear();
      const page = { html, etag };
      pages.set(key, page);
      return page;
    },
  };
}

export type FirstScreen = ReturnType<typeof createFirstScreen>;
