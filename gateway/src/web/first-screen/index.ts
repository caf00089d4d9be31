/**
 * The first screen in the page (docs/architecture.md#the-first-screen-in-the-page): `GET /`
 * (and `/trade?id=…`) answer with the quotes the gateway already holds painted into the page, in
 * the visitor's language, so a phone shows prices before any script has run. A page is built
 * once per tick per language and target, never per request; without quotes, a trade list or
 * the build's texts it is the build's plain page (the app's skeleton).
 *
 * The feed and the default language's trade list are asked for when the gateway starts, so the
 * first visitor already gets a painted page; a page in a language not yet read waits for that
 * read a moment (`firstReadWaitMs`) rather than sending the skeleton at once: the skeleton
 * shows no price until the whole app has run, which on a cheap phone takes seconds.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_LANGUAGE,
  FIRST_SCREEN_TEXTS_FILE,
  type FirstScreenTextsFile,
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
  /** Whether the shared upstream connection is up (quotes come while it is). */
  feedUp(): boolean;
  /** How old a kept trade list may get (this project's choice: 60 s). */
  readonly catalogueRefreshMs?: number;
  /** How long a page waits for quotes or a trade list not yet read (this project's choice: 1 s). */
  readonly firstReadWaitMs?: number;
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

/** How often a waiting page looks again for the quotes and the list. */
const WAIT_STEP_MS = 20;

/** Resolves once `ready()` holds or after `ms`, looking every `WAIT_STEP_MS`. */
async function waitUntil(ready: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ready() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

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
): { template: PageTemplate; file: FirstScreenTextsFile } | undefined {
  try {
    const template = pageTemplate(readFileSync(join(webDir, 'index.html'), 'utf8'));
    const file = firstScreenTextsFileSchema.parse(
      JSON.parse(readFileSync(join(webDir, FIRST_SCREEN_TEXTS_FILE), 'utf8')),
    );
    return template && { template, file };
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

  const firstReadWaitMs = options.firstReadWaitMs ?? 1_000;

  /** The page for `request` from what is held now, or `undefined` for the plain page. */
  function paint(request: PageRequest, language: Language): FirstScreenPage | undefined {
    const quotes = options.lastQuotes();
    if (!quotes) return undefined;
    build ??= readBuild(options.webDir) ?? null;
    const listed = catalogue.get(language);
    const texts = build?.file.texts[language];
    if (!build || !listed || !texts) return undefined;
    const trade = request.path === '/trade';
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
      icons: build.file.icons,
      quoteOf: (shown) => shownQuote(shown, byId.get(shown.Id)),
    };
    const markup = instrument
      ? tradeMarkup(instrument, source)
      : quotesMarkup(listed.instruments, listed.categories, source);
    const html = fillPage(
      build.template,
      language,
      markup,
      {
        language,
        instruments: [...listed.instruments],
        categories: [...listed.categories],
      },
      build.file.languageChunks,
    );
    if (pages.size >= MAX_KEPT_PAGES) pages.clear();
    const page = { html, etag };
    pages.set(key, page);
    return page;
  }

  return {
    /**
     * Asks for what the first visitor's page is painted from: the quotes (the feed holds them
     * from now on) and the trade list in the default language.
     */
    start(): Promise<void> {
      options.lastQuotes();
      return catalogue.refresh(DEFAULT_LANGUAGE);
    },

    /** Reads the trade list of `languages` ahead of their first visitors. */
    warm(languages: readonly Language[]): Promise<void> {
      return Promise.all(languages.map((language) => catalogue.refresh(language))).then(
        () => undefined,
      );
    },

    /**
     * The page for `request` with its first screen, or `undefined` for the plain page. A trade
     * list not yet read, and quotes while the feed is up, are waited for, at most
     * `firstReadWaitMs`.
     */
    async page(request: PageRequest): Promise<FirstScreenPage | undefined> {
      if (request.path !== '/' && request.path !== '/trade') return undefined;
      const language = pageLanguage(request.query, request.cookie);
      let listRead = catalogue.get(language) !== undefined;
      if (!listRead) {
        void catalogue.refresh(language).then(() => {
          listRead = true;
        });
      }
      // Quotes are worth waiting for only while the feed is up: they are then on their way.
      const quotesHeld = () => options.lastQuotes() !== undefined || !options.feedUp();
      const held = () => listRead && quotesHeld();
      if (!held()) await waitUntil(held, firstReadWaitMs);
      return paint(request, language);
    },
  };
}

export type FirstScreen = ReturnType<typeof createFirstScreen>;
