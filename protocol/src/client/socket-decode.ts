import type { z } from 'zod';
import { explainIssues, type Parsed } from '../schemas/explain.js';
import {
  dayMarketFrameSchema,
  errorFrameSchema,
  forexClosedFrameSchema,
  forexTradeFrameSchema,
  klineFrameSchema,
  loginResultFrameSchema,
  type ServerFrame,
  upstreamStatusFrameSchema,
} from '../socket/frames.js';

/**
 * The schema of each server frame type. Looking the schema up by `type` costs one map read,
 * where the `serverFrameSchema` union would try its members in turn, and a refusal then names
 * the fields of the frame it claims to be rather than those of every member.
 */
const schemaByType = new Map<string, z.ZodType<ServerFrame>>([
  ['login_result', loginResultFrameSchema],
  ['error', errorFrameSchema],
  ['upstream', upstreamStatusFrameSchema],
  ['DAY_MARKET', dayMarketFrameSchema],
  ['FOREX_TRADE', forexTradeFrameSchema],
  ['FOREX_CLOSED', forexClosedFrameSchema],
]);

function schemaFor(type: string): z.ZodType<ServerFrame> | undefined {
  return schemaByType.get(type) ?? (type.startsWith('KLINE.') ? klineFrameSchema : undefined);
}

/**
 * Decodes one JSON text frame from the server, parsing the text exactly once. With `validate`
 * the frame is checked against the schema of its `type` (the result is the schema's output:
 * unknown keys dropped, money normalised); without it any object with a string `type` passes
 * as is, for callers that trust their upstream and only forward the text.
 */
export function decodeServerFrame(raw: string, validate: boolean): Parsed<ServerFrame> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, error: 'not JSON' };
  }
  if (typeof json !== 'object' || json === null || !('type' in json)) {
    return { ok: false, error: 'type: expected a frame object with a type' };
  }
  const { type } = json;
  if (typeof type !== 'string') return { ok: false, error: 'type: expected a string' };
  if (!validate) return { ok: true, value: json as ServerFrame };
  const schema = schemaFor(type);
  if (!schema) return { ok: false, error: `type: unknown frame type "${type.slice(0, 64)}"` };
  const parsed = schema.safeParse(json);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, error: explainIssues(parsed.error) };
}
