import { PassThrough, Readable } from 'node:stream';

/**
 * A request body the gateway has read whole, as the stream reply-from forwards unchanged (a
 * Buffer it would re-encode, and strip the `boundary` of a multipart type). Ended from the
 * start, so undici sends it with its length.
 */
export class WholeBody extends Readable {
  constructor(body: Buffer) {
    super();
    this.push(body);
    this.push(null);
  }

  override _read(): void {}
}

/** The browser did not send its whole body in time: answered 408, the connection closed. */
export class BodyTooSlow extends Error {
  readonly statusCode = 408;
  readonly code = 'BODY_TIMEOUT';
  constructor(timeoutMs: number) {
    super(`the request body did not arrive within ${timeoutMs / 1000} s`);
  }
}

/**
 * `payload` as the body parser reads it, broken off with `BodyTooSlow` unless it has ended
 * `timeoutMs` after the request arrived: a client trickling its body holds nothing but its own
 * connection, and that only until then.
 */
export function receivedWithin(payload: Readable, timeoutMs: number): Readable {
  const body = new PassThrough();
  const deadline = setTimeout(() => {
    payload.unpipe(body);
    body.destroy(new BodyTooSlow(timeoutMs));
  }, timeoutMs);
  body.once('close', () => clearTimeout(deadline));
  body.once('end', () => clearTimeout(deadline));
  payload.once('error', (error) => body.destroy(error));
  payload.pipe(body);
  return body;
}
