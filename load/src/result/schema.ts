/**
 * A result file: what one generator, one run or many merged runs measured, as counts and
 * histograms only — every figure a report prints (rates, shares, percentiles) is derived from
 * them (figures.ts), so adding two results (merge.ts) is exact. Read back through this schema,
 * so a hand-edited or foreign file is refused with the field that is wrong.
 */
import { z } from 'zod';

/** The first line a reader checks: this tool's results, in this shape. */
export const RESULT_FORMAT = 'pipstream-load/1';

const count = () => z.number().int().min(0);
/** Counts by a label: a close code, an HTTP status, an error code, a frame kind. */
const counts = () => z.record(z.string().max(80), count());
/** An HdrHistogram of microseconds, compressed base64 (histogram.ts). */
const histogram = () => z.string().max(4_000_000);

export const routeResultSchema = z.object({
  /** Answers received, whatever their status. */
  answers: count(),
  /** Answers by HTTP status. */
  statuses: counts(),
  /** Answers whose envelope code was not 1 (a refusal), by code. */
  refused: counts(),
  /** Requests that got no answer: connection errors by code, and `timeout`. */
  errors: counts(),
  /** Request → answer time of every answer. */
  latency: histogram(),
});
export type RouteResult = z.infer<typeof routeResultSchema>;

/** One second of the run, on the wall clock (results of several machines line up by it). */
export const secondSchema = z.object({
  /** Seconds since the epoch. */
  at: count(),
  /** Sockets open at the end of the second. */
  open: count(),
  /** Frames received in the second. */
  frames: count(),
  /** Reference frames of the second every subscribed socket should have had, and got. */
  expected: count(),
  delivered: count(),
  /** REST answers in the second, and the ones that failed (non-2xx, refused, no answer). */
  answers: count(),
  failed: count(),
  /** Added latency of the frames referenced in the second. */
  added: histogram(),
  /** REST latency of the answers of the second. */
  rest: histogram(),
});
export type Second = z.infer<typeof secondSchema>;

/** A generator process: how much CPU it used over how long (saturation.ts judges it). */
export const generatorSchema = z.object({
  name: z.string().max(80),
  cpuSeconds: z.number().min(0),
  wallSeconds: z.number().min(0),
});

export const machineSchema = z.object({
  host: z.string().max(255),
  cores: z.number().int().min(1),
  /** Share of all the machine's cores busy during the run (anyone's work); null if unknown. */
  hostBusy: z.number().min(0).max(1).nullable(),
  generators: z.array(generatorSchema).max(1024),
});
export type Machine = z.infer<typeof machineSchema>;

export const socketsResultSchema = z.object({
  /** Browsers the scenario asked for. */
  planned: count(),
  /** Browsers whose socket opened at least once. */
  browsersConnected: count(),
  /** Handshakes that succeeded (first ones and reconnections). */
  connections: count(),
  /** Handshakes that succeeded after the browser's first: reconnections. */
  reconnects: count(),
  /** Handshakes refused or failed: `http 429`, `ECONNREFUSED`, `connect-timeout` … */
  refused: counts(),
  /** Open sockets the server closed (by close code) or the heartbeat let go (`heartbeat`). */
  closed: counts(),
  /** `upstream` frames the gateway sent: its upstream went down, came back up. */
  upstreamDown: count(),
  upstreamUp: count(),
  loginsAccepted: count(),
  /** `login_result` codes other than 1. */
  loginsRefused: counts(),
  /** Handshake start → first DAY_MARKET frame, per connection. */
  firstTick: histogram(),
  /**
   * Browsers without an open socket when the window ended: `waiting` for the ramp (or for the
   * handshakes ahead of them), `handshake` still under way, `retrying` after losing theirs.
   */
  notOpen: counts(),
  /** DAY_MARKET silences longer than the gap threshold, and their lengths. */
  gaps: count(),
  gapLength: histogram(),
});

export const framesResultSchema = z.object({
  /** Every frame the browsers' sockets received (pongs and the gateway's own included). */
  received: count(),
  /** The same by kind: DAY_MARKET, KLINE, pong, login_result, upstream, error, … */
  byKind: counts(),
  /** Reference frames each subscribed socket should have received, and did in time. */
  expected: count(),
  delivered: count(),
  /** Topic frames no reference frame matched (a merged catch-up frame, a replay). */
  unmatched: count(),
  /** Arrival − the reference socket's arrival of the same frame. */
  added: histogram(),
});

export const referenceResultSchema = z.object({
  /** Frames the reference socket received. */
  received: count(),
  connections: count(),
  reconnects: count(),
});

export const resultSchema = z.object({
  format: z.literal(RESULT_FORMAT),
  /** The REST origin and the reference socket the run measured against. */
  target: z.string().max(2048),
  referenceUrl: z.string().max(2048),
  /** The measured window, ms since the epoch. */
  startedAt: count(),
  endedAt: count(),
  /** Stopped early (Ctrl-C): the window is shorter than planned. */
  interrupted: z.boolean(),
  /** Generator results added into this one. */
  parts: z.number().int().min(1),
  machines: z.array(machineSchema).max(1024),
  sockets: socketsResultSchema,
  frames: framesResultSchema,
  /** The reference socket, in the run that held it (summed over merged runs). */
  reference: referenceResultSchema,
  /** By route name (the protocol's call names). */
  rest: z.record(z.string().max(80), routeResultSchema),
  series: z.array(secondSchema).max(1_000_000),
  /** The scenario as run (for the record; merging keeps the first one's). */
  scenario: z.record(z.string(), z.unknown()),
});
export type Result = z.infer<typeof resultSchema>;
