/**
 * The trader the client benchmark logs in as: a real account registered by e-mail, funded by
 * an approved coin deposit, holding market orders on distinct instruments — set up through the
 * product API as tests/browser/test-support/trading.ts does, since it is the precondition, not the
 * subject.
 */
import { randomBytes } from 'node:crypto';
import {
  CODE_PURPOSE,
  createRestClient,
  type Instrument,
  routes,
  type Session,
} from '@pipstream/protocol';
import { declareCoinDeposit, minimumMarketBuy } from '../../protocol/src/test-support/index.js';

/** The mock's CONTROL_PREFIX (importing it from the mock would load the whole mock here). */
const CONTROL = '/__control';
/** Enough for 20 minimum-size positions on any instrument of the mock. */
const DEPOSIT = '100000';
const PASSWORD = 'bench-secret-1';

async function control<T>(mockUrl: string, path: string, body?: object): Promise<T> {
  const response = await fetch(`${mockUrl}${CONTROL}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 1) throw new Error(`control ${path}: ${answer.msg}`);
  return answer.data;
}

/** What the app keeps in localStorage for a logged-in user. */
export type Trader = Pick<Session, 'token' | 'user'>;

/** A registered, funded account and the product API as its user. */
export interface FundedAccount {
  readonly session: Trader;
  readonly api: ReturnType<typeof createRestClient<typeof routes>>;
}

/** Registers an account by e-mail and funds it with an approved coin deposit. */
export async function fundedAccount(baseUrl: string, mockUrl: string): Promise<FundedAccount> {
  const visitor = createRestClient(routes, { baseUrl, getLang: () => 'en' });
  const email = `bench-${randomBytes(5).toString('hex')}@example.com`;
  await visitor.call('sendEmail', { to: email, type: CODE_PURPOSE.REGISTER });
  const sent = await control<{ code: string }>(
    mockUrl,
    `/codes/last?address=${encodeURIComponent(email)}`,
  );
  const session = await visitor.call('register', {
    type: 'email',
    account: email,
    password: PASSWORD,
    re_password: PASSWORD,
    sms_code: sent.code,
  });

  const api = createRestClient(routes, {
    baseUrl,
    getLang: () => 'en',
    getToken: () => session.token,
  });
  const { deposit } = await declareCoinDeposit(api, DEPOSIT);
  await control(mockUrl, '/deposits/review', { id: deposit.id, approve: true });
  return { session: { token: session.token, user: session.user }, api };
}

/**
 * Registers, funds and opens `positions` market buys (minimum lots, default leverage) on the
 * first open instruments that take orders, through the gateway at `baseUrl`.
 */
export async function fundedTrader(
  baseUrl: string,
  mockUrl: string,
  positions: number,
): Promise<Trader> {
  const { session, api } = await fundedAccount(baseUrl, mockUrl);
  const tradable = (await api.call('tradeList')).filter(takesOrders).slice(0, positions);
  if (tradable.length < positions) {
    throw new Error(`only ${tradable.length} instruments take orders, ${positions} wanted`);
  }
  for (const instrument of tradable) {
    await api.call('submit', minimumMarketBuy(instrument));
  }
  return session;
}

export function takesOrders(instrument: Instrument): boolean {
  return instrument.MarketStatus === 1 && instrument.HasForexMultiple.length > 0;
}
