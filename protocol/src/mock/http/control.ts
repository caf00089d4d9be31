import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { CODE } from '../../envelope.js';
import { explainIssues } from '../../schemas/explain.js';
import { Refusal } from '../refusal.js';
import { BodyError, decodeBody, queryToObject, readBody } from './body.js';
import { sendEnvelope } from './respond.js';

/** Prefix of the control API: not part of the product, never proxied by the gateway. */
export const CONTROL_PREFIX = '/__control';

/** One control action: a test or a demo moves the mock's world with it. */
export interface ControlAction<S extends z.ZodType = z.ZodType> {
  readonly method: 'GET' | 'POST';
  /** Path below the prefix, e.g. `/market/price`. */
  readonly path: string;
  readonly input: S;
  readonly summary: string;
  readonly run: (input: z.output<S>) => unknown;
}

export function defineControl<S extends z.ZodType>(action: ControlAction<S>): ControlAction<S> {
  return action;
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

function tokenMatches(sent: string | undefined, expected: string | undefined): boolean {
  if (!sent || !expected) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Serves the control API. A caller is trusted when it connects from loopback or sends the
 * configured token in `x-control-token`; anyone else gets 403. Answers use the same envelope as
 * the product API, in English: this is a developer's tool.
 */
export function createControlDispatcher(
  actions: readonly ControlAction[],
  controlToken: string | undefined,
) {
  const index = new Map(actions.map((a) => [`${a.method} ${CONTROL_PREFIX}${a.path}`, a]));

  return async function control(req: IncomingMessage, res: ServerResponse, url: URL) {
    const sent = req.headers['x-control-token'];
    const trusted =
      isLoopback(req.socket.remoteAddress) ||
      tokenMatches(Array.isArray(sent) ? sent[0] : sent, controlToken);
    if (!trusted) {
      req.resume();
      sendEnvelope(res, 403, CODE.FAILED, 'control API: loopback or x-control-token required');
      return;
    }
    if (url.pathname === CONTROL_PREFIX || url.pathname === `${CONTROL_PREFIX}/`) {
      const list = actions.map((a) => ({
        method: a.method,
        path: CONTROL_PREFIX + a.path,
        summary: a.summary,
      }));
      sendEnvelope(res, 200, CODE.OK, '', list);
      return;
    }
    const action = index.get(`${req.method} ${url.pathname}`);
    if (!action) {
      req.resume();
      sendEnvelope(res, 404, CODE.NOT_FOUND, `control API: no ${req.method} ${url.pathname}`);
      return;
    }
    try {
      const raw =
        req.method === 'GET'
          ? queryToObject(url.searchParams)
          : await decodeBody(
              await readBody(req, 64 * 1024),
              req.headers['content-type'] ?? 'application/json',
            );
      const parsed = action.input.safeParse(raw);
      if (!parsed.success) {
        sendEnvelope(res, 400, CODE.INVALID_INPUT, explainIssues(parsed.error));
        return;
      }
      const data = await action.run(parsed.data);
      sendEnvelope(res, 200, CODE.OK, '', data ?? null);
    } catch (error) {
      if (error instanceof Refusal) {
        sendEnvelope(res, 200, error.code, error.details ?? error.key);
      } else if (error instanceof BodyError) {
        sendEnvelope(res, 400, CODE.INVALID_INPUT, error.message);
      } else {
        sendEnvelope(res, 500, CODE.FAILED, error instanceof Error ? error.message : String(error));
      }
    }
  };
}
