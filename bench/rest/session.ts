/**
 * The two calls under load, built exactly as the web app builds them (the protocol's
 * `buildRequest`: `lang` and `authorization` headers, the `t` cache-buster), and the logged-in
 * user the token call needs.
 */
import {
  buildRequest,
  CODE_PURPOSE,
  createRestClient,
  type RouteDef,
  routes,
} from '@pipstream/protocol';

/** One call as autocannon repeats it: the path with its query, and the headers. */
export interface MeasuredCall {
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** The names of the two calls, in the order each run measures them. */
export const CALLS = ['token', 'cached'] as const;
export type CallName = (typeof CALLS)[number];

const LANG = 'en';
const PASSWORD = 'bench-password-1';

/**
 * Registers a user on the mock as a phone would (code by e-mail, read back through the mock's
 * loopback-only control API) and logs in; resolves the token.
 */
export async function loginBenchUser(mockUrl: string): Promise<string> {
  const api = createRestClient(routes, { baseUrl: mockUrl, getLang: () => LANG });
  const account = `bench-${process.pid}-${Date.now()}@example.com`;
  await api.call('sendEmail', { to: account, type: CODE_PURPOSE.REGISTER });
  const code = await lastCode(mockUrl, account);
  await api.call('register', {
    type: 'email',
    account,
    password: PASSWORD,
    re_password: PASSWORD,
    sms_code: code,
  });
  const session = await api.call('loginForU', {
    account,
    password: PASSWORD,
    login_type: 'email',
  });
  return session.token;
}

async function lastCode(mockUrl: string, address: string): Promise<string> {
  const url = new URL('/__control/codes/last', mockUrl);
  url.searchParams.set('address', address);
  url.searchParams.set('purpose', String(CODE_PURPOSE.REGISTER));
  const answer = (await (await fetch(url)).json()) as { code: number; data?: { code?: string } };
  const code = answer.data?.code;
  if (answer.code !== 1 || code === undefined) {
    throw new Error(`the mock sent no registration code to ${address}`);
  }
  return code;
}

/**
 * The calls under load. `token`: the balance, a logged-in read the gateway always forwards
 * (never cached: it carries `authorization`). `cached`: the trade list without a token, the
 * public opening call the gateway's micro-cache answers. Each repeats one `t`: the gateway's
 * cache key leaves `t` out and nothing else reads it, so a fresh one per request would only add
 * to the load generator's work.
 */
export function measuredCalls(token: string, t = Date.now()): Record<CallName, MeasuredCall> {
  const build = (route: RouteDef, withToken: boolean) => {
    const request = buildRequest(
      route,
      {},
      { baseUrl: '', token: withToken ? token : null, lang: LANG, t },
    );
    return { path: request.url, headers: request.init.headers };
  };
  return { token: build(routes.getBalance, true), cached: build(routes.tradeList, false) };
}
