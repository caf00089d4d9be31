import type { ServerResponse } from 'node:http';

/** Sends a JSON document. Every answer of the mock goes through here. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  res.end(text);
}

/** Sends a `{code, msg}` envelope, with `data` when given. */
export function sendEnvelope(
  res: ServerResponse,
  status: number,
  code: number,
  msg: string,
  data?: unknown,
): void {
  sendJson(res, status, data === undefined ? { code, msg } : { code, msg, data });
}
