import { z } from 'zod';

/**
 * Options of `createMockUpstream()` and of the `pipstream-mock` command, validated once at
 * start. Every default is what `npm start` and a developer's first run use.
 */
export const mockOptionsSchema = z.object({
  /** TCP port; 0 picks a free one (tests). */
  port: z.number().int().min(0).max(65_535).default(9100),
  /** Loopback unless told otherwise: the control API trusts loopback callers. */
  host: z.string().min(1).default('127.0.0.1'),
  /** Data directory for the SQLite file and uploads, or `':memory:'` for a throwaway mock. */
  data: z.string().min(1).default('./data'),
  /** Seed of the market simulator: the same seed replays the same prices. */
  seed: z.number().int().default(20_260_101),
  /** Token a non-loopback caller must send (header `x-control-token`) to use the control API. */
  controlToken: z.string().min(8).optional(),
  /** Milliseconds between simulator steps (one DAY_MARKET frame per step). */
  tickMs: z.number().int().min(10).max(60_000).default(500),
  /**
   * Longest time an open instrument's quote goes unsent: a quote that did not move is sent
   * again after this (the protocol's QUOTE_REFRESH_MS), so the app can tell a quiet market
   * from a stopped feed. 0 sends only moves.
   */
  quoteRefreshMs: z.number().int().min(0).max(60_000).default(5000),
  /** How long a login token lives before calls answer 999. */
  tokenTtlMs: z
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600 * 1000),
  /** Balance a demo account starts with and is reset to, in the account currency (USD). */
  demoBalance: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .default('100000'),
  /** Credited to an inviter when someone registers with their invite code. */
  inviteReward: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .default('10'),
  /** Risk rate (equity ÷ used margin, %) at or below which every holding is closed. */
  stopOutLevel: z.number().min(0).max(1000).default(50),
  /** Candles of history back-filled per instrument and period at start. */
  historyCandles: z.number().int().min(10).max(2000).default(300),
  /** Largest accepted image upload, in bytes. */
  maxUploadBytes: z
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  /** Cooldown between two verification codes to one address (60 s). */
  codeCooldownMs: z.number().int().min(0).default(60_000),
  /** Write a line per request to stderr. */
  log: z.boolean().default(false),
});
export type MockOptions = z.input<typeof mockOptionsSchema>;
export type MockConfig = z.output<typeof mockOptionsSchema>;
