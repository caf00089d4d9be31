import { PassThrough, type Readable } from 'node:stream';

/** The upstream's answer as reply-from hands it over: headers already copied to the reply. */
export interface UpstreamAnswer {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly stream: Readable;
}

/** The part of a Fastify reply sending an answer needs, whatever the server type. */
export interface AnswerReply {
  readonly raw: { readonly destroyed: boolean };
  send(payload: unknown): unknown;
  getHeaders(): Record<string, unknown>;
  removeHeader(name: string): unknown;
}

/** Answers up to this many bytes (by their `content-length`) are read whole; larger stream. */
export const BUFFER_LIMIT = 64 * 1024;

/** The statuses whose answers never carry a body. */
const BODILESS_STATUSES = new Set([204, 304]);

/** JSON, by its media type (`application/json`, `…+json`). */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * Sends the upstream's answer to the browser. A small one — every JSON call — is read whole
 * first and sent as one buffer: a body that stalls or breaks then still gets the browser a
 * clean envelope from `fail` instead of half an answer, and compression sees its real size
 * (@fastify/compress compresses a stream whatever its size, a buffer only past its threshold).
 * A JSON answer of unknown length is read up to the limit, so a short one is sent whole too;
 * past the limit it streams on. Images and other large or unsized answers stream through.
 */
export function sendAnswer(
  request: { readonly method: string },
  reply: AnswerReply,
  answer: UpstreamAnswer,
  fail: (error: unknown) => void,
): void {
  const lengthHeader = answer.headers['content-length'];
  const length = Number(lengthHeader);
  const hasBody = request.method !== 'HEAD' && !BODILESS_STATUSES.has(answer.statusCode);
  const unsizedJson =
    lengthHeader === undefined && JSON_TYPE.test(String(answer.headers['content-type'] ?? ''));
  if (!hasBody || !(length <= BUFFER_LIMIT || unsizedJson)) {
    reply.send(answer.stream);
    return;
  }
  readUpTo(answer.stream, BUFFER_LIMIT, (error, body) => {
    // The browser left while the answer was read: nobody to send it to.
    if (reply.raw.destroyed) return;
    if (body === undefined) {
      // None of the failed answer's headers belong to the envelope sent instead.
      for (const name of Object.keys(reply.getHeaders())) reply.removeHeader(name);
      fail(error);
      return;
    }
    // Fastify (or compression) sets the length of what is really sent.
    if (Buffer.isBuffer(body)) reply.removeHeader('content-length');
    reply.send(body);
  });
}

/**
 * Hands `done` every byte of `stream` once it has ended within `limit` bytes; or, past the
 * limit, a stream of what was read and the rest; or the error it broke off with before that
 * (an upstream deadline, a reset). Callback style: no promise and microtasks on every
 * forwarded answer.
 */
function readUpTo(
  stream: Readable,
  limit: number,
  done: (error: unknown, body?: Buffer | Readable) => void,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const onData = (chunk: Buffer) => {
    chunks.push(chunk);
    size += chunk.length;
    if (size <= limit) return;
    stream.off('data', onData);
    stream.off('end', onEnd);
    stream.off('error', onError);
    const rest = new PassThrough();
    for (const read of chunks) rest.write(read);
    stream.on('error', (error) => rest.destroy(error));
    stream.pipe(rest);
    done(null, rest);
  };
  const onEnd = () =>
    done(null, chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
  const onError = (error: unknown) => done(error);
  stream.on('data', onData);
  stream.once('end', onEnd);
  stream.once('error', onError);
}
