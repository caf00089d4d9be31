/**
 * The REST mix: the calls a connection repeats, in order, each built as the web app builds it
 * (the protocol's `buildRequest`: its route, `lang` and `authorization` headers, a fresh `t`).
 * Groups: `public`, the calls every browser makes before its first screen (the protocol's
 * `firstScreenRoutes`, which the gateway may micro-cache); `account`, a logged-in trader's
 * reads; `orders`, a trader's smallest market buy and its close, on demo accounts.
 */
import {
  buildRequest,
  firstScreenRoutes,
  ORDER_MODE,
  ORDER_SIDE,
  ORDER_STATUS,
  type RouteDef,
  routes,
} from '@pipstream/protocol';
import type { RestGroup } from '../options/scenario.js';

export type RouteName = keyof typeof routes;

/** The smallest market buy of an instrument: its minimum lots at its first leverage. */
export interface OrderTerms {
  readonly forexId: number;
  readonly lots: number;
  readonly leverage: number;
}

/** What a connection carries from one call of its round to the next. */
export interface MixContext {
  token?: string;
  /** The order the round's `submit` opened, for its `close`. */
  orderId?: number;
}

/** One call of the round: its route, whether it needs a token, and its input. */
export interface MixCall {
  readonly name: RouteName;
  readonly withToken: boolean;
  /** The call's input; undefined skips the rest of the round (a close with no order). */
  readonly input: (context: MixContext) => unknown;
}

const noInput = () => ({});

function accountCalls(): MixCall[] {
  return [
    { name: 'getBalance', withToken: true, input: noInput },
    { name: 'userInfo', withToken: true, input: noInput },
    { name: 'forexDetail', withToken: true, input: noInput },
    {
      name: 'myDeal',
      withToken: true,
      input: () => ({ status: ORDER_STATUS.HOLDING, page: 1 }),
    },
  ];
}

function publicCalls(): MixCall[] {
  return (Object.keys(firstScreenRoutes) as RouteName[]).map((name) => ({
    name,
    withToken: false,
    input: noInput,
  }));
}

/**
 * A round of the mix. Orders go in two halves around the account reads: the buy early, its
 * close last, so the order lives a few calls.
 */
export function mixRound(groups: readonly RestGroup[], order: OrderTerms | null): MixCall[] {
  const round: MixCall[] = [];
  if (groups.includes('public')) round.push(...publicCalls());
  const orders = groups.includes('orders') && order !== null;
  if (orders) {
    round.push({
      name: 'submit',
      withToken: true,
      input: () => ({
        type: ORDER_SIDE.BUY,
        cont: order.lots,
        forex_id: order.forexId,
        status: ORDER_MODE.MARKET,
        multiple: order.leverage,
      }),
    });
  }
  if (groups.includes('account')) round.push(...accountCalls());
  if (orders) {
    round.push({
      name: 'close',
      withToken: true,
      input: (context) => (context.orderId === undefined ? undefined : { id: context.orderId }),
    });
  }
  return round;
}

/** Whether a round needs tokens. */
export function needsTokens(groups: readonly RestGroup[]): boolean {
  return groups.includes('account') || groups.includes('orders');
}

/** The request of one call: the path with its query, and the headers, as the app sends them. */
export function requestOf(
  call: MixCall,
  input: unknown,
  target: { readonly token: string | undefined; readonly lang: string },
) {
  const route: RouteDef = routes[call.name];
  const built = buildRequest(route, input, {
    baseUrl: '',
    token: call.withToken ? target.token : null,
    lang: target.lang,
    t: Date.now(),
    name: call.name,
  });
  return {
    method: built.init.method,
    path: built.url,
    headers: built.init.headers,
    ...(typeof built.init.body === 'string' && { body: built.init.body }),
  };
}
