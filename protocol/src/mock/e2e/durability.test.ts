import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MockUpstream } from '../server.js';
import { apiFor, control, fundedRealUser, startMock } from './test-support.js';

const protocolRoot = join(import.meta.dirname, '../../..');

// The kill -9 test runs the built `pipstream-mock` as a real process: build it first, so it
// never meets a stale build (`tsc -b` is incremental and quick when nothing changed).
beforeAll(() => {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-b', protocolRoot], { stdio: 'inherit' });
}, 120_000);

const dirs: string[] = [];
const mocks: MockUpstream[] = [];
const children: ChildProcess[] = [];

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pipstream-durable-'));
  dirs.push(dir);
  return dir;
}

async function start(data: string): Promise<MockUpstream> {
  const mock = await startMock({ data });
  mocks.push(mock);
  return mock;
}

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await Promise.all(mocks.splice(0).map((m) => m.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Everything a user sees of their account, to compare before and after a restart. */
async function accountView(api: ReturnType<typeof apiFor>) {
  const [summary, holding, pending, deposits, ledger, user] = await Promise.all([
    api.call('forexDetail'),
    api.call('myDeal', { status: 1 }),
    api.call('myDeal', { status: 0 }),
    api.call('chargeHistory', { type: 0 }),
    api.call('forexChange', { page: 1 }),
    api.call('userInfo'),
  ]);
  return {
    summary,
    holding: holding.data.map((o) => [o.Id, o.Quantity, o.CautionMoney, o.TradeFee]),
    pending: pending.data.map((o) => [o.Id, o.OriginPrice]),
    deposits: deposits.data.map((d) => [d.id, d.number, d.status]),
    ledger: ledger.list.map((r) => [r.Id, r.Value, r.Type]),
    user,
  };
}

/** Deposits, a market order and a pending order: every kind of write answered with code 1. */
async function tradeSomething(mock: MockUpstream) {
  const user = await fundedRealUser(mock);
  await control(mock, '/deposits/review', { id: user.depositId, approve: true });
  const list = await user.api.call('tradeList', {});
  const instrument = list.find((i) => i.MarketStatus === 1 && i.HasForexMultiple.length > 0);
  if (!instrument) throw new Error('no open instrument');
  const base = {
    type: 1 as const,
    cont: instrument.ForexMinCont,
    forex_id: instrument.Id,
    multiple: instrument.HasForexMultiple[0]?.Value ?? 1,
  };
  await user.api.call('submit', { ...base, status: 1 });
  await user.api.call('submit', {
    ...base,
    status: 0,
    target_price: instrument.ForexQuotations.Close * 0.5,
  });
  return user;
}

describe('durability', () => {
  it('keeps every answered write across a clean restart', async () => {
    const data = dataDir();
    const first = await start(data);
    const user = await tradeSomething(first);
    const before = await accountView(user.api);
    await first.close();

    const second = await start(data);
    const api = apiFor(second);
    api.setToken(user.session.token);
    const after = await accountView(api);
    expect(after).toEqual({ ...before, summary: after.summary, holding: before.holding });
    expect(after.summary.balance).toBe(before.summary.balance);
    expect(after.summary.lock_balance).toBe(before.summary.lock_balance);
  });

  it('keeps every answered write across kill -9 of the mock process', async () => {
    const data = dataDir();
    const cli = join(protocolRoot, 'dist/mock/cli.js');
    const child = spawn(process.execPath, [cli, '--port', '0', '--data', data, '--tick-ms', '50'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const found = /listening on (http:\/\/\S+)/.exec(out);
        if (found?.[1]) resolve(found[1]);
      });
      child.once('exit', (code) => reject(new Error(`mock exited early (${code})`)));
    });
    const remote = { url, wsUrl: url.replace('http', 'ws') } as MockUpstream;
    const user = await tradeSomething(remote);
    const before = await accountView(user.api);

    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    const restarted = await start(data);
    const api = apiFor(restarted);
    api.setToken(user.session.token);
    const after = await accountView(api);
    expect(after.summary.balance).toBe(before.summary.balance);
    expect(after.summary.lock_balance).toBe(before.summary.lock_balance);
    expect(after.holding).toEqual(before.holding);
    expect(after.pending).toEqual(before.pending);
    expect(after.deposits).toEqual(before.deposits);
    expect(after.ledger).toEqual(before.ledger);
    expect(after.user).toEqual(before.user);
  });
});
