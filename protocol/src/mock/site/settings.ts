import { z } from 'zod';
import { urlOrPath } from '../../schemas/primitives.js';
import {
  type BaseSettings,
  baseSettingsSchema,
  type CompanyStatus,
  companyStatusSchema,
  SERVICE_LINK_TYPE,
  VERIFY_REG_TYPE,
} from '../../schemas/user.js';
import type { Db } from '../store/db.js';
import { type PublishedNews, publishedNewsSchema } from './news.js';

/** Base settings of a fresh mock. The support link is this project's choice. */
export const DEFAULT_BASE_SETTINGS: BaseSettings = {
  service_link: 'https://support.pipstream.example/chat',
  service_link_type: SERVICE_LINK_TYPE.CHAT,
  verify_reg_type: VERIFY_REG_TYPE.CODE,
  // 1 charges lots × fee rate, anything else margin × fee rate (docs/product.md#constants).
  trade_fee_type: 2,
  title: 'Pipstream',
};

/** Startup check of a fresh mock: site open (status 1), trading mode (type 1). */
export const DEFAULT_COMPANY_STATUS: CompanyStatus = {
  status: 1,
  type: 1,
  loss_url: 'https://www.pipstream.example/closed',
};

/** `is_show_mobile` values: '1' offers phone registration, '0' hides it. */
export const showMobileValueSchema = z.enum(['0', '1']);
export type ShowMobile = z.infer<typeof showMobileValueSchema>;
export const DEFAULT_SHOW_MOBILE: ShowMobile = '1';

const fromValues = <const T extends Record<string, number>>(values: T) =>
  z.literal(Object.values(values) as T[keyof T][]);

/*
 * Control inputs. Strict objects: a misspelt field would otherwise be dropped silently and the
 * demo would go on with the old value.
 */

/** Fields of the base settings a control call may change; omitted ones keep their value. */
export const baseSettingsPatchSchema = z.strictObject({
  service_link: urlOrPath().optional(),
  service_link_type: fromValues(SERVICE_LINK_TYPE).optional(),
  verify_reg_type: fromValues(VERIFY_REG_TYPE).optional(),
  trade_fee_type: z.literal([1, 2]).optional(),
  title: z.string().trim().min(1).max(64).optional(),
});
export type BaseSettingsPatch = z.infer<typeof baseSettingsPatchSchema>;

/** Fields of the startup check a control call may change; omitted ones keep their value. */
export const companyStatusPatchSchema = z.strictObject({
  status: z.literal([0, 1]).optional(),
  type: z.literal([0, 1]).optional(),
  loss_url: urlOrPath().optional(),
});
export type CompanyStatusPatch = z.infer<typeof companyStatusPatchSchema>;

/** Keys of the site's rows in the shared `settings` table. */
const KEY = {
  base: 'site.base',
  companyStatus: 'site.company_status',
  showMobile: 'site.is_show_mobile',
  newsEpoch: 'site.news_epoch',
  publishedNews: 'site.news_published',
} as const;

/**
 * JSON values in the `settings` key/value table. A row is read back through its schema, so a
 * missing or corrupt row (hand-edited, or written by an older mock) reads as the fallback
 * instead of breaking every call that needs it.
 */
export function createSettingsStore(db: Db) {
  const readRow = db.prepare('SELECT value FROM settings WHERE key = ?');
  const writeRow = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );

  return {
    /** The value stored at `key` if it passes `schema`, else `fallback`. */
    get<S extends z.ZodType>(key: string, schema: S, fallback: z.output<S>): z.output<S> {
      const row = readRow.get(key) as { value: string } | undefined;
      if (!row) return fallback;
      let json: unknown;
      try {
        json = JSON.parse(row.value);
      } catch {
        return fallback;
      }
      const parsed = schema.safeParse(json);
      return parsed.success ? parsed.data : fallback;
    },
    /** Stores `value` as JSON at `key`, replacing what was there. */
    set(key: string, value: unknown): void {
      writeRow.run(key, JSON.stringify(value));
    },
  };
}
export type SettingsStore = ReturnType<typeof createSettingsStore>;

/**
 * The site's settings the control API can change: base settings, the startup check,
 * `is_show_mobile` and the news it published. Kept in SQLite so a change made for a demo survives a
 * restart.
 */
export function createSiteSettings(db: Db) {
  const store = createSettingsStore(db);

  /** Read-merge-write in one transaction, so two control calls cannot lose each other's field. */
  const patch = <T extends object>(
    key: string,
    schema: z.ZodType<T>,
    fallback: T,
    changes: Partial<T>,
  ): T =>
    db.transaction(() => {
      const next = schema.parse({ ...store.get(key, schema, fallback), ...changes });
      store.set(key, next);
      return next;
    })();

  return {
    base: (): BaseSettings => store.get(KEY.base, baseSettingsSchema, DEFAULT_BASE_SETTINGS),
    /** Changes the given base settings; returns them all. */
    setBase: (changes: BaseSettingsPatch): BaseSettings =>
      patch(KEY.base, baseSettingsSchema, DEFAULT_BASE_SETTINGS, stripUndefined(changes)),
    companyStatus: (): CompanyStatus =>
      store.get(KEY.companyStatus, companyStatusSchema, DEFAULT_COMPANY_STATUS),
    /** Changes the given fields of the startup check; returns it whole. */
    setCompanyStatus: (changes: CompanyStatusPatch): CompanyStatus =>
      patch(
        KEY.companyStatus,
        companyStatusSchema,
        DEFAULT_COMPANY_STATUS,
        stripUndefined(changes),
      ),
    showMobile: (): ShowMobile =>
      store.get(KEY.showMobile, showMobileValueSchema, DEFAULT_SHOW_MOBILE),
    setShowMobile(value: ShowMobile): ShowMobile {
      store.set(KEY.showMobile, value);
      return value;
    },
    /**
     * When the seeded news were first dated (ms): `now` on the first call, the stored time ever
     * after, so news keep their dates across restarts.
     */
    newsEpoch: (now: number): number =>
      db.transaction(() => {
        const stored = store.get(KEY.newsEpoch, z.number().int().nullable(), null);
        if (stored !== null) return stored;
        store.set(KEY.newsEpoch, now);
        return now;
      })(),
    /** News published through the control API, newest first (none when the row is unreadable). */
    publishedNews: (): PublishedNews[] =>
      store.get(KEY.publishedNews, z.array(publishedNewsSchema), []),
    setPublishedNews(items: readonly PublishedNews[]): void {
      store.set(KEY.publishedNews, items);
    },
  };
}
export type SiteSettings = ReturnType<typeof createSiteSettings>;

/** Drops keys whose value is `undefined`, so a spread cannot blank a stored field. */
function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
