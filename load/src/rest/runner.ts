/**
 * The REST mix under autocannon: one instance per generator, its connections repeating the
 * round of mix.ts at the generator's share of the rate. Each answer is filed under its route
 * (status, envelope refusal, time) and each request that got none under the route it was,
 * which autocannon's own result, one latency for everything, cannot tell.
 *
 * Attribution: autocannon writes one request at a time per connection (no pipelining) and
 * answers come back in order, so the routes written and not yet answered form a queue per
 * connection, fed where autocannon takes a request's bytes to write them (`getRequestBuffer`)
 * and emptied from the front by each answer, time-out or connection error.
 */
import { ApiError, readAnswer, routes } from '@pipstream/protocol';
import autocannon from 'autocannon';
import type { Recorder } from '../generator/recorder.js';
import type { RestGroup } from '../options/scenario.js';
import { wallClockMs } from '../sockets/frames.js';
import {
  type MixCall,
  type MixContext,
  mixRound,
  type OrderTerms,
  type RouteName,
  requestOf,
} from './mix.js';

export interface RestPlan {
  /** The target's origin. */
  readonly url: string;
  /** Requests a second from this generator (a whole number, at least 1). */
  readonly rate: number;
  readonly connections: number;
  readonly groups: readonly RestGroup[];
  readonly tokens: readonly string[];
  readonly order: OrderTerms | null;
  readonly lang: string;
}

/** The parts of autocannon's client this file reads (its documented `setupClient` argument). */
interface LoadClient {
  on(event: 'response', listener: (status: number, bytes: number, ms: number) => void): void;
  on(event: 'connError', listener: (error: Error & { code?: string }) => void): void;
  on(event: 'timeout', listener: () => void): void;
  getRequestBuffer(): Buffer;
  readonly requestIterator: {
    readonly currentRequest: { readonly name?: RouteName };
    readonly context: MixContext & { refusal?: string };
  };
}

/** Each answer's time-out, as autocannon counts it: a call the app would give up on. */
const TIMEOUT_SECONDS = 15;
/** How often autocannon checks whether it was told to stop. */
const SAMPLE_MS = 250;

/** Reads an answer's envelope: its refusal code (undefined for success) and the order it made. */
function readEnvelope(name: RouteName, status: number, body: string) {
  try {
    const { data } = readAnswer(routes[name], name, { status, text: body }, name === 'submit');
    return {
      refusal: undefined,
      orderId: name === 'submit' ? (data as { Id: number }).Id : undefined,
    };
  } catch (error) {
    return {
      refusal: error instanceof ApiError ? String(error.code) : 'unreadable',
      orderId: undefined,
    };
  }
}

function requestOfCall(call: MixCall, plan: RestPlan, nextToken: () => string | undefined) {
  return {
    name: call.name,
    setupRequest(request: autocannon.Request, context: MixContext) {
      if (call.withToken) context.token ??= nextToken();
      const input = call.input(context);
      if (input === undefined) return undefined;
      return { ...request, ...requestOf(call, input, { token: context.token, lang: plan.lang }) };
    },
    onResponse(status: number, body: string, context: MixContext & { refusal?: string }) {
      const { refusal, orderId } = readEnvelope(call.name, status, body);
      context.refusal = refusal;
      if (call.name === 'submit') context.orderId = orderId;
      if (call.name === 'close') context.orderId = undefined;
    },
  };
}

/** Starts the mix; `stop` ends it and resolves once autocannon has stopped. */
export function startRest(plan: RestPlan, recorder: Recorder) {
  const round = mixRound(plan.groups, plan.order);
  let tokenIndex = 0;
  const nextToken = () => plan.tokens[tokenIndex++ % Math.max(1, plan.tokens.length)];
  let finished: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finished = resolve;
  });
  const instance = autocannon(
    {
      url: plan.url,
      connections: Math.min(plan.connections, plan.rate),
      overallRate: plan.rate,
      // Ended by `stop`: the run decides its own end.
      duration: 24 * 3600,
      timeout: TIMEOUT_SECONDS,
      sampleInt: SAMPLE_MS,
      requests: round.map((call) => requestOfCall(call, plan, nextToken)) as autocannon.Request[],
      setupClient(raw) {
        const client = raw as unknown as LoadClient;
        const written: RouteName[] = [];
        const write = client.getRequestBuffer.bind(client);
        client.getRequestBuffer = () => {
          const name = client.requestIterator.currentRequest.name;
          if (name) written.push(name);
          return write();
        };
        client.on('response', (status, _bytes, ms) => {
          const name = written.shift();
          if (name === undefined) return;
          const { context } = client.requestIterator;
          recorder.answer(name, status, ms, context.refusal, wallClockMs());
          context.refusal = undefined;
        });
        client.on('timeout', () => {
          const name = written.shift();
          if (name) recorder.requestFailed(name, 'timeout', wallClockMs());
        });
        client.on('connError', (error) => {
          // The request in flight is lost with the connection; autocannon connects again.
          for (const name of written.splice(0)) {
            recorder.requestFailed(name, error.code ?? 'error', wallClockMs());
          }
        });
      },
    } as autocannon.Options,
    () => finished(),
  );
  return {
    async stop(): Promise<void> {
      instance.stop();
      await done;
    },
  };
}
