import type { IncomingMessage } from 'node:http';

/** Thrown when a request body cannot be read or decoded; answered with a clear envelope. */
export class BodyError extends Error {
  constructor(
    readonly reason: 'too_large' | 'malformed' | 'unsupported_type' | 'aborted',
    message: string,
  ) {
    super(message);
  }
}

/** Reads the whole body, refusing (without buffering the rest) once it passes `limit` bytes. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) {
    req.resume();
    return Promise.reject(new BodyError('too_large', `body over ${limit} bytes`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(new BodyError('too_large', `body over ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('aborted', () => reject(new BodyError('aborted', 'request aborted')));
    req.on('error', () => reject(new BodyError('aborted', 'request aborted')));
  });
}

/** Query string → plain object. A repeated key keeps its first value: payloads are flat. */
export function queryToObject(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) {
    if (!(key in out)) out[key] = value;
  }
  return out;
}

/**
 * Decodes a request body by its content type: form-encoded, JSON, or multipart (parsed by the
 * WHATWG `Request.formData()` built into Node, so file fields arrive as `File`s).
 */
export async function decodeBody(
  body: Buffer,
  contentType: string | undefined,
): Promise<Record<string, unknown>> {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (body.length === 0) return {};
  if (type === 'application/x-www-form-urlencoded' || type === '') {
    return queryToObject(new URLSearchParams(body.toString('utf8')));
  }
  if (type === 'application/json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      throw new BodyError('malformed', 'body is not valid JSON');
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new BodyError('malformed', 'JSON body must be an object');
    }
    return parsed as Record<string, unknown>;
  }
  if (type === 'multipart/form-data') {
    let form: FormData;
    try {
      form = await new Request('http://mock.invalid/', {
        method: 'POST',
        headers: { 'content-type': contentType ?? '' },
        body: new Uint8Array(body),
      }).formData();
    } catch {
      throw new BodyError('malformed', 'multipart body could not be parsed');
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of form) {
      if (!(key in out)) out[key] = value;
    }
    return out;
  }
  throw new BodyError('unsupported_type', `content type ${type} is not accepted`);
}
