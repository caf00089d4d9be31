import type { Readable } from 'node:stream';

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

/**
 * Sends the upstream's answer to the browser. A small one — every JSON call — is read whole
 * first and sent as one buffer: a body that stalls or breaks then still gets the browser a
 * clean envelope from `fail` instead of half an answer, and compression sees its real size.
 * Images and other large or unsized answers stream through.
 */
export function sendAnswer(
  request: { readonly method: string },
  reply: AnswerReply,
  answer: UpstreamAnswer,
  fail: (error: unknown) => void,
): void {
  const length = Number(answer.headers['content-length']);
  const small =
    request.method !== 'HEAD' &&
    !BODILESS_STATUSES.has(answer.statusCode) &&
    length <= BUFFER_LIMIT;
  if (!small) {
    reply.send(answer.stream);
    return;
  }
  readWhole(answer.stream, (error, body) => {
    // The browser left while the answer was read: nobody to send it to.
    if (reply.raw.destroyed) return;
    if (body === undefined) {
      // None of the failed answer's headers belong to the envelope sent instead.
      for (const name of Object.keys(reply.getHeaders())) reply.removeHeader(name);
      fail(error);
      return;
    }
    // Fastify (or compression) sets the length of what is really sent.
    reply.removeHeader('content-length');
    reply.send(body);
  });
}

/**
 * Hands every byte of `stream` to `done`, or the error it broke off with (an upstream
 * deadline, a reset). Callback style: no promise and microtasks on every forwarded answer.
 */
function readWhole(stream: Readable, done: (error: unknown, body?: Buffer) => void): void {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.once('end', () =>
    done(null, chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)),
  );
  stream.once('error', (error) => done(error));
}
