/**
 * Builders for the wallet's unit tests: a wallet over fresh in-memory deps, a call helper that
 * validates input and answer with the route's own schemas (as the dispatcher does), and the
 * review controls run as the control API runs them. Not exported from the package.
 *
 * The mock's test-support module is passed in rather than imported: it is left out of the
 * package build, and a built file importing it would break `tsc -b`.
 */

import type { RequestOf, ResponseOf } from '../../../routes/define.js';
import { type Routes, routes } from '../../../routes/table.js';
import { DRAW_TYPE } from '../../../schemas/wallet.js';
import type { MockDeps } from '../../deps.js';
import type { ControlAction } from '../../http/control.js';
import { type CallContext, type Caller, Reply } from '../../http/handler.js';
import type { MessageKey } from '../../messages.js';
import { createLedger } from '../../services/ledger.js';
import { createWalletService, type WalletHandlers } from '../api.js';
import { tronAddress } from './addresses.js';

type Name = keyof WalletHandlers;

/** What the fixture uses of protocol/src/mock/test-support.ts (pass the module itself). */
export interface TestSupport {
  makeDeps(): MockDeps;
  insertUser(deps: MockDeps, options: { balance?: string }): Caller;
  ctxFor(caller: Caller, lang: string, now: number): CallContext;
}

/** A wallet with its deps and ledger, and helpers bound to them. */
export function walletFixture({ makeDeps, insertUser, ctxFor }: TestSupport) {
  const deps = makeDeps();
  const ledger = createLedger(deps);
  const wallet = createWalletService(deps, ledger);
  let uploads = 0;

  /** Runs a call as the dispatcher would: input parsed, answer checked by the route's schemas. */
  async function call<N extends Name>(
    name: N,
    input: RequestOf<Routes[N]>,
    caller: Caller,
    lang = 'en',
  ): Promise<{ data: ResponseOf<Routes[N]>; key: MessageKey | undefined }> {
    const route = routes[name];
    const ctx: CallContext = ctxFor(caller, lang, deps.clock.now());
    const handler = wallet.handlers[name] as unknown as (
      input: unknown,
      ctx: CallContext,
    ) => unknown;
    const out = await handler(route.request.parse(input), ctx);
    const data = out instanceof Reply ? out.data : out;
    return {
      data: route.response.parse(data) as ResponseOf<Routes[N]>,
      key: out instanceof Reply ? out.key : undefined,
    };
  }

  /** Runs a control action as the control API does (input parsed by its schema). */
  function control(method: 'GET' | 'POST', path: string, input: unknown): unknown {
    const action = wallet.controls.find(
      (a: ControlAction) => a.method === method && a.path === path,
    );
    if (!action) throw new Error(`no control ${method} ${path}`);
    return action.run(action.input.parse(input));
  }

  /** Records an upload of `caller` directly and returns its URL, as `image_upload` would. */
  function upload(caller: Caller): string {
    uploads += 1;
    const fileName = `proof-${caller.id}-${uploads}.png`;
    deps.db
      .prepare(
        'INSERT INTO uploads (user_id, file_name, mime, size, created_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(caller.id, fileName, 'image/png', 68, deps.clock.now());
    return `/uploads/${fileName}`;
  }

  /** Binds a coin address (currency 1, USDT-TRC20, unless told) and returns its method id. */
  async function bindCoin(caller: Caller, drawId = 1, address = tronAddress(1)): Promise<number> {
    await call(
      'bindDrawMethod',
      { type: DRAW_TYPE.COIN, draw_id: drawId, dc_address: address },
      caller,
    );
    return newestMethodId(caller, DRAW_TYPE.COIN);
  }

  /** Binds a bank account (currency 11, USD, unless told) and returns its method id. */
  async function bindBank(caller: Caller, drawId = 11, account = '123456789'): Promise<number> {
    await call(
      'bindDrawMethod',
      {
        type: DRAW_TYPE.BANK,
        draw_id: drawId,
        bank_name: 'Test Bank',
        bank_address: '1 Test Street',
        bank_swift: 'TESTUS33',
        payee_name: 'Test Payee',
        payee_account: account,
      },
      caller,
    );
    return newestMethodId(caller, DRAW_TYPE.BANK);
  }

  async function newestMethodId(caller: Caller, type: number): Promise<number> {
    const { data } = await call('getDrawMethod', { draw_type: type }, caller);
    const last = data.at(-1);
    if (!last) throw new Error('no method bound');
    return last.id;
  }

  /** A real user with `balance`. */
  const user = (balance = '10000') => insertUser(deps, { balance });

  return { deps, ledger, wallet, call, control, upload, bindCoin, bindBank, user };
}
