/**
 * The trade list and categories in each language the first screen is asked in, read from the
 * upstream through the protocol's client and kept: a page is painted from what is kept (the
 * first request in a language starts a read, which its page may wait for), and a list older
 * than `refreshMs` is read again in the background.
 */
import {
  type Category,
  createRestClient,
  type Instrument,
  type Language,
  routes,
} from '@pipstream/protocol';

export interface CatalogueEntry {
  readonly instruments: readonly Instrument[];
  readonly categories: readonly Category[];
  /** Changes whenever a new list is kept. */
  readonly version: number;
}

export interface CatalogueOptions {
  readonly upstreamUrl: string;
  /** How old a kept list may get before it is read again. */
  readonly refreshMs: number;
  readonly now?: () => number;
  readonly onError?: (language: Language, error: unknown) => void;
}

export function createCatalogue(options: CatalogueOptions) {
  const now = options.now ?? Date.now;
  const kept = new Map<Language, CatalogueEntry & { readonly readAt: number }>();
  const reading = new Map<Language, Promise<void>>();
  let versions = 0;

  async function read(language: Language): Promise<void> {
    const client = createRestClient(
      { tradeList: routes.tradeList, categories: routes.categories },
      { baseUrl: options.upstreamUrl, getLang: () => language },
    );
    try {
      const [instruments, categories] = await Promise.all([
        client.call('tradeList', {}),
        client.call('categories', {}),
      ]);
      kept.set(language, { instruments, categories, version: ++versions, readAt: now() });
    } catch (error) {
      options.onError?.(language, error);
    } finally {
      reading.delete(language);
    }
  }

  /** Starts a read of `language` unless one runs; resolves when it is done. */
  function refresh(language: Language): Promise<void> {
    let running = reading.get(language);
    if (!running) {
      running = read(language);
      reading.set(language, running);
    }
    return running;
  }

  return {
    /** The list kept in `language`, if any; a missing or old one is read (not waited for). */
    get(language: Language): CatalogueEntry | undefined {
      const entry = kept.get(language);
      if (!entry || now() - entry.readAt > options.refreshMs) void refresh(language);
      return entry;
    },
    refresh,
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
