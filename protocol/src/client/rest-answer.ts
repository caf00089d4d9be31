import { CODE, envelopeSchema } from '../envelope.js';
import type { RouteDef } from '../routes/define.js';
import { explainIssues } from '../schemas/explain.js';
import { ApiError, ApiProtocolError, flagsOf } from './rest-errors.js';

/** What came back over the wire, fully read. */
export interface RawAnswer {
  readonly status: number;
  readonly text: string;
}

/** A successful call: its result, and the envelope's `msg` for `toastOnSuccess` calls. */
export interface Success {
  readonly data: unknown;
  readonly msg: string;
}

const NOT_PARSED = Symbol('not JSON');

/**
 * Reads an answer (docs/product.md#errors). Envelope routes: code 1 resolves `data`, any other code
 * throws `ApiError` — whatever the HTTP status, since a gateway answers 502 with a proper envelope.
 * Raw routes: a 2xx JSON document is the result; an error status is read as an envelope when it
 * carries one. Everything unreadable throws `ApiProtocolError`.
 */
export function readAnswer(
  route: RouteDef,
  name: string,
  answer: RawAnswer,
  validate: boolean,
): Success {
  const flags = flagsOf(route);
  const httpStatus = answer.status;
  const protocolError = (msg: string) =>
    new ApiProtocolError({ route: name, flags, msg, httpStatus });
  const json = parseJson(answer.text);
  const ok = httpStatus >= 200 && httpStatus < 300;

  if (route.answer === 'raw' && ok) {
    if (json === NOT_PARSED) throw protocolError('answer is not JSON');
    return { data: checked(route, json, validate, protocolError), msg: '' };
  }

  const envelope = json === NOT_PARSED ? undefined : envelopeSchema.safeParse(json);
  if (!envelope?.success) {
    throw protocolError(
      json === NOT_PARSED ? 'answer is not JSON' : 'answer is not a {code, msg, data} envelope',
    );
  }
  const { code, msg, data } = envelope.data;
  if (code !== CODE.OK) throw new ApiError({ route: name, flags, code, msg, httpStatus });
  return { data: checked(route, data, validate, protocolError), msg };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_PARSED;
  }
}

function checked(
  route: RouteDef,
  data: unknown,
  validate: boolean,
  protocolError: (msg: string) => ApiProtocolError,
): unknown {
  if (!validate) return data;
  const result = route.response.safeParse(data);
  if (!result.success) {
    throw protocolError(`answer breaks its schema: ${explainIssues(result.error)}`);
  }
  return result.data;
}
