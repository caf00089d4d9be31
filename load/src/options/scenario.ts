/**
 * A scenario: what to open against which deployment, for how long, and what must hold. The
 * same object comes from flags or from a config file (its keys are the flags' names in
 * camelCase, `restRate` for `--rest-rate`, thresholds under `thresholds`), flags winning.
 */

import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { QUOTE_REFRESH_MS } from '@pipstream/protocol';
import { z } from 'zod';
import { thresholdsSchema } from './thresholds.js';
import { countSchema, durationSchema, rateSchema, shareSchema } from './units.js';

/** The REST mix's groups (rest/mix.ts has their routes). */
export const REST_GROUPS = ['public', 'account', 'orders'] as const;
export type RestGroup = (typeof REST_GROUPS)[number];

const MAX_SOCKETS = 1_000_000;
const HOUR_MS = 3_600_000;

/** `public,account` → the groups; each named once. */
const restGroupsSchema = z
  .union([z.string().max(200), z.array(z.string().max(40)).max(REST_GROUPS.length)])
  .transform((value) =>
    (typeof value === 'string' ? value.split(',') : value).map((g) => g.trim()).filter(Boolean),
  )
  .pipe(z.array(z.enum(REST_GROUPS, { message: `one of ${REST_GROUPS.join(', ')}` })))
  .transform((groups) => [...new Set(groups)]);

/** IPv4 `a.b.c.d-e` stands for the addresses from `a.b.c.d` to `a.b.c.e`. */
function expandAddresses(text: string): string[] | undefined {
  const range = /^(\d+\.\d+\.\d+\.)(\d+)-(\d+)$/.exec(text);
  if (!range) return isIP(text) ? [text] : undefined;
  const [, prefix = '', from = '', to = ''] = range;
  const [first, last] = [Number(from), Number(to)];
  if (!(first <= last && last <= 255) || isIP(`${prefix}${first}`) !== 4) return undefined;
  return Array.from({ length: last - first + 1 }, (_, i) => `${prefix}${first + i}`);
}

const sourceSchema = z
  .union([z.string().max(2000), z.array(z.string().max(64)).max(1024)])
  .transform((value, ctx) => {
    const parts = (typeof value === 'string' ? value.split(',') : value).map((p) => p.trim());
    const addresses: string[] = [];
    for (const part of parts.filter(Boolean)) {
      const expanded = expandAddresses(part);
      if (!expanded) {
        ctx.addIssue({
          code: 'custom',
          message: `expected IP addresses such as 127.0.0.1-4 or 10.0.0.5,10.0.0.6, got "${part}"`,
        });
        return z.NEVER;
      }
      addresses.push(...expanded);
    }
    return addresses;
  });

export const scenarioSchema = z
  .object({
    /** The deployment's REST origin (the first argument). */
    target: z.string().max(2048),
    socketUrl: z.string().max(2048).optional(),
    reference: z.string().max(2048).optional(),
    origin: z.string().max(2048).optional(),
    lang: z
      .string()
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'a language code such as en')
      .default('en'),
    sockets: countSchema(0, MAX_SOCKETS).default(100),
    ramp: rateSchema.pipe(z.number().positive('more than 0 a second')).default(100),
    duration: durationSchema
      .pipe(
        z
          .number()
          .min(1000, 'at least 1s')
          .max(24 * HOUR_MS, 'at most 24h'),
      )
      .default(30_000),
    charts: shareSchema.default(0.5),
    chartTopics: countSchema(1, 256).default(6),
    loggedIn: shareSchema.default(0.1),
    accounts: countSchema(1, 10_000).default(20),
    tokens: z.string().max(4096).optional(),
    deflate: z.boolean().default(true),
    restRate: rateSchema.pipe(z.number().max(1_000_000)).default(20),
    restConnections: countSchema(1, 10_000).default(4),
    rest: restGroupsSchema.optional(),
    generators: countSchema(1, 1024).default(availableParallelism()),
    source: sourceSchema.optional(),
    gap: durationSchema.pipe(z.number().min(100, 'at least 100ms')).default(QUOTE_REFRESH_MS),
    late: durationSchema.pipe(z.number().min(100, 'at least 100ms')).default(5000),
    json: z.string().max(4096).optional(),
    html: z.string().max(4096).optional(),
    parts: z.string().max(4096).optional(),
    yes: z.boolean().default(false),
    quiet: z.boolean().default(false),
    thresholds: thresholdsSchema.default({}),
  })
  .strict();

export type Scenario = z.output<typeof scenarioSchema>;
export type ScenarioInput = z.input<typeof scenarioSchema>;
