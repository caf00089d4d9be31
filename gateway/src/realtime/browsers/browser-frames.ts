import { type ClientFrame, clientFrameSchema, explainIssues } from '@pipstream/protocol';

/** Why a browser frame was refused; the label of gateway_bad_frames_total. */
export type BadFrameReason =
  | 'binary'
  | 'json'
  | 'schema'
  | 'unknown_topic'
  | 'login_required'
  | 'login_refused'
  | 'oversized'
  | 'protocol'
  | 'too_many_subscriptions';

export type DecodedBrowserFrame =
  | { readonly kind: 'frame'; readonly frame: ClientFrame }
  | { readonly kind: 'bad'; readonly reason: BadFrameReason; readonly msg: string }
  | { readonly kind: 'unknown-topic'; readonly topic: string };

/** Longest detail an error frame echoes back. */
const MAX_DETAIL = 200;

/**
 * Decodes one JSON text frame from a browser against the protocol's clientFrameSchema. A
 * `sub`/`unsub` whose `param` is a string but no topic is told apart from other mistakes: the
 * hub closes the socket for it rather than answering.
 */
export function decodeBrowserFrame(text: string): DecodedBrowserFrame {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'bad', reason: 'json', msg: 'not JSON: send a frame object or the text ping' };
  }
  const parsed = clientFrameSchema.safeParse(json);
  if (parsed.success) return { kind: 'frame', frame: parsed.data };
  if (
    typeof json === 'object' &&
    json !== null &&
    'type' in json &&
    (json.type === 'sub' || json.type === 'unsub') &&
    'param' in json &&
    typeof json.param === 'string'
  ) {
    return { kind: 'unknown-topic', topic: json.param.slice(0, 64) };
  }
  return { kind: 'bad', reason: 'schema', msg: explainIssues(parsed.error).slice(0, MAX_DETAIL) };
}
