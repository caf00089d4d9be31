import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { toMicros } from '../../arithmetic/money.js';
import { CODE } from '../../envelope.js';
import { type RouteName, type Routes, routes } from '../../routes/table.js';
import {
  type BaseSettings,
  sessionSchema,
  userSchema,
  VERIFY_REG_TYPE,
} from '../../schemas/user.js';
import type { MockDeps } from '../deps.js';
import { Reply } from '../http/handler.js';
import { ctxFor, insertUser, makeDeps, refusalOf } from '../test-support.js';
import { createAccountService } from './accounts.js';
import { createLedger, LEDGER_KIND } from './ledger.js';

const PASSWORD = 'secret-123';

// Real scrypt at a lower cost: these tests hash dozens of passwords, and the cost itself is
// passwords.test.ts's to check.
vi.mock('./passwords.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./passwords.js')>();
  return {
    ...real,
    hashPassword: (password: string) => real.hashPassword(password, { N: 1024, r: 8, p: 1 }),
  };
});

/** A payload as the dispatcher hands it over: validated by the route's request schema. */
function input<N extends RouteName>(name: N, raw: Record<string, unknown>) {
  return routes[name].request.parse(raw) as z.output<Routes[N]['request']>;
}

/** The data and success message key of a handler's answer. */
async function answer<T>(result: T | Reply<T> | Promise<T | Reply<T>>) {
  const value = await result;
  return value instanceof Reply
    ? { data: value.data as T, key: value.key }
    : { data: value, key: undefined };
}

function setup(settings: Partial<BaseSettings> = {}) {
  const deps = makeDeps({ inviteReward: '12.5', demoBalance: '50000', codeCooldownMs: 60_000 });
  const ledger = createLedger(deps);
  const current: BaseSettings = {
    service_link: '',
    service_link_type: 1,
    verify_reg_type: VERIFY_REG_TYPE.NONE,
    trade_fee_type: 1,
    title: 'Pipstream',
    ...settings,
  };
  const service = createAccountService(deps, ledger, () => current);
  const ended: number[] = [];
  deps.events.on('sessionsEnded', ({ userId }) => ended.push(userId));
  const h = service.handlers;
  const control = (path: string) => {
    const action = service.controls.find((c) => c.path === path);
    if (!action) throw new Error(`no control ${path}`);
    return (raw: Record<string, unknown>) => action.run(action.input.parse(raw));
  };
  /** The context of a call made with `token`, as the dispatcher builds it. */
  const ctxOf = (token: string) => {
    const auth = service.authenticate(token);
    if (typeof auth !== 'object') throw new Error(`token not live: ${String(auth)}`);
    return { ...ctxFor(auth.caller, 'en', deps.clock.now()), token };
  };
  const registerEmail = async (email: string, extra: Record<string, unknown> = {}) =>
    (
      await answer(
        h.register(
          input('register', {
            type: 'email',
            account: email,
            password: PASSWORD,
            re_password: PASSWORD,
            ...extra,
          }),
          ctxFor(),
        ),
      )
    ).data;
  /** Registers a Hong Kong (area 1) phone number. */
  const registerPhone = async (mobile: string) =>
    (
      await answer(
        h.register(
          input('register', {
            type: 'mobile',
            mobile,
            area_id: 1,
            password: PASSWORD,
            re_password: PASSWORD,
          }),
          ctxFor(),
        ),
      )
    ).data;
  return {
    deps,
    ledger,
    service,
    h,
    ended,
    control,
    ctxOf,
    registerEmail,
    registerPhone,
    settings: current,
  };
}

function userRow(deps: MockDeps, id: number) {
  return deps.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as {
    password_hash: string;
    invited_by: number | null;
    balance_micros: number;
  };
}

describe('register', () => {
  it('registers by e-mail, answering a session for a new real user', async () => {
    const { deps, h, service } = setup();
    const result = await answer(
      h.register(
        input('register', {
          type: 'email',
          account: ' Ann@Example.COM ',
          password: PASSWORD,
          re_password: PASSWORD,
        }),
        ctxFor(),
      ),
    );
    expect(result.key).toBe('account.registered');
    const { token, user } = sessionSchema.parse(result.data);
    expect(user).toMatchObject({
      email: 'ann@example.com',
      mobile: '',
      area_id: null,
      is_demo: 0,
    });
    expect(user.uid).toMatch(/^U\d{8}$/);
    expect(user.invite_code).toMatch(/^[A-Z0-9]{8}$/);
    expect(service.authenticate(token)).toEqual({
      caller: { id: user.id, uid: user.uid, isDemo: false, email: 'ann@example.com' },
    });
    const stored = userRow(deps, user.id).password_hash;
    expect(stored).toMatch(/^scrypt\$/);
    expect(stored).not.toContain(PASSWORD);
  });

  it('registers by phone with a known area, from `mobile` or `account`', async () => {
    const { h } = setup();
    const byMobile = await answer(
      h.register(
        input('register', {
          type: 'mobile',
          mobile: '91234567',
          area_id: '1',
          password: PASSWORD,
          re_password: PASSWORD,
        }),
        ctxFor(),
      ),
    );
    expect(userSchema.parse(byMobile.data.user)).toMatchObject({
      email: '',
      mobile: '91234567',
      area_id: 1,
    });
    // The same number in another area is another phone.
    const byAccount = await answer(
      h.register(
        input('register', {
          type: 'mobile',
          account: '91234567',
          area_id: 4,
          password: PASSWORD,
          re_password: PASSWORD,
        }),
        ctxFor(),
      ),
    );
    expect(byAccount.data.user).toMatchObject({ mobile: '91234567', area_id: 4 });
  });

  it('refuses a malformed identifier or area with the field’s message', async () => {
    const { h } = setup();
    const register = (raw: Record<string, unknown>) =>
      refusalOf(() =>
        h.register(
          input('register', { password: PASSWORD, re_password: PASSWORD, ...raw }),
          ctxFor(),
        ),
      );
    expect(await register({ type: 'email', account: 'not-an-email' })).toMatchObject({
      key: 'account.email_invalid',
      code: CODE.INVALID_INPUT,
    });
    expect(await register({ type: 'email' })).toMatchObject({ key: 'account.email_invalid' });
    expect(await register({ type: 'mobile', mobile: '12ab', area_id: 1 })).toMatchObject({
      key: 'account.mobile_invalid',
    });
    expect(await register({ type: 'mobile', mobile: '91234567' })).toMatchObject({
      key: 'account.area_required',
    });
    expect(await register({ type: 'mobile', mobile: '91234567', area_id: 999 })).toMatchObject({
      key: 'account.area_required',
    });
  });

  it('refuses an address already registered, whatever its case', async () => {
    const { h, registerEmail } = setup();
    await registerEmail('ann@example.com');
    const refusal = await refusalOf(() => registerEmail('ANN@example.com'));
    expect(refusal.key).toBe('account.exists');
    const phone = { type: 'mobile', mobile: '61234567', area_id: 1 };
    const pw = { password: PASSWORD, re_password: PASSWORD };
    await h.register(input('register', { ...phone, ...pw }), ctxFor());
    const again = await refusalOf(() =>
      h.register(input('register', { ...phone, ...pw }), ctxFor()),
    );
    expect(again.key).toBe('account.exists');
  });

  it('credits the inviter in the same transaction and records who invited', async () => {
    const { deps, ledger, registerEmail } = setup();
    const inviter = await registerEmail('inviter@example.com');
    const invitee = await registerEmail('invitee@example.com', {
      invite_code: inviter.user.invite_code.toLowerCase(),
    });
    expect(userRow(deps, invitee.user.id).invited_by).toBe(inviter.user.id);
    const { balance } = ledger.balances(inviter.user.id);
    expect(balance).toBe(toMicros('12.5'));
    expect(ledger.sum(inviter.user.id)).toBe(balance);
    const rows = ledger.page(inviter.user.id, 1, 10, 'en');
    expect(rows.list).toEqual([
      expect.objectContaining({
        Value: '12.5',
        Type: LEDGER_KIND.INVITE_REWARD,
        MemoTran: 'Invite reward',
      }),
    ]);
    expect(ledger.balances(invitee.user.id).balance).toBe(0n);
  });

  it('refuses an unknown invite code, or a demo account’s, creating nobody', async () => {
    const { deps, h, registerEmail } = setup();
    const unknown = await refusalOf(() =>
      registerEmail('x@example.com', { invite_code: 'NOPE1234' }),
    );
    expect(unknown.key).toBe('account.invite_invalid');
    const demo = await answer(
      h.createAccountDemoForU(input('createAccountDemoForU', {}), ctxFor()),
    );
    const demoCode = await refusalOf(() =>
      registerEmail('x@example.com', { invite_code: demo.data.user.invite_code }),
    );
    expect(demoCode.key).toBe('account.invite_invalid');
    const count = deps.db.prepare('SELECT COUNT(*) AS n FROM users WHERE is_demo = 0').get() as {
      n: number;
    };
    expect(count.n).toBe(0);
  });

  it('with verify_reg_type 1, needs the register code sent to that address', async () => {
    const { h, control, registerEmail } = setup({ verify_reg_type: VERIFY_REG_TYPE.CODE });
    const missing = await refusalOf(() => registerEmail('ann@example.com'));
    expect(missing.key).toBe('account.code_invalid');
    await h.sendEmail(input('sendEmail', { to: 'ann@example.com', type: 1 }), ctxFor());
    const { code } = (await control('/codes/last')({ address: 'ann@example.com' })) as {
      code: string;
    };
    const wrong = await refusalOf(() =>
      registerEmail('ann@example.com', { sms_code: code === '111111' ? '222222' : '111111' }),
    );
    expect(wrong.key).toBe('account.code_invalid');
    // A refusal before the code is checked leaves it usable.
    const badInvite = await refusalOf(() =>
      registerEmail('ann@example.com', { sms_code: code, invite_code: 'NOPE1234' }),
    );
    expect(badInvite.key).toBe('account.invite_invalid');
    const session = await registerEmail('ann@example.com', { sms_code: code });
    expect(session.user.email).toBe('ann@example.com');
  });

  it('with verify_reg_type 1, a phone registration needs the SMS code of +{global_code}{number}', async () => {
    const { h, control } = setup({ verify_reg_type: VERIFY_REG_TYPE.CODE });
    await h.sendSms(input('sendSms', { to: '91234567', area_id: 1, type: 1 }), ctxFor());
    const { code } = (await control('/codes/last')({ address: '+85291234567', purpose: '1' })) as {
      code: string;
    };
    const form = { type: 'mobile', mobile: '91234567', password: PASSWORD, re_password: PASSWORD };
    // The code of area 1 does not prove the same number in area 4.
    const otherArea = await refusalOf(() =>
      h.register(input('register', { ...form, area_id: 4, sms_code: code }), ctxFor()),
    );
    expect(otherArea.key).toBe('account.code_invalid');
    const done = await answer(
      h.register(input('register', { ...form, area_id: 1, sms_code: code }), ctxFor()),
    );
    expect(done.key).toBe('account.registered');
  });

  it('with verify_reg_type 2, needs the captcha id and its characters, once', async () => {
    const { h, registerEmail } = setup({ verify_reg_type: VERIFY_REG_TYPE.CAPTCHA });
    const captcha = await answer(h.captcha(input('captcha', {}), ctxFor()));
    const svg = Buffer.from(captcha.data.b64s.split(',')[1] ?? '', 'base64').toString('utf8');
    const shown = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join('');
    expect(shown).toHaveLength(5);
    const noKey = await refusalOf(() => registerEmail('ann@example.com', { sms_code: shown }));
    expect(noKey.key).toBe('account.captcha_invalid');
    const session = await registerEmail('ann@example.com', {
      key: captcha.data.id,
      sms_code: shown,
    });
    expect(session.user.email).toBe('ann@example.com');
    const reused = await refusalOf(() =>
      registerEmail('bob@example.com', { key: captcha.data.id, sms_code: shown }),
    );
    expect(reused.key).toBe('account.captcha_invalid');
  });

  it('rejects bad input before any handler runs', () => {
    const base = { type: 'email', account: 'a@b.co', password: PASSWORD, re_password: PASSWORD };
    expect(routes.register.request.safeParse(base).success).toBe(true);
    for (const bad of [
      { ...base, re_password: 'different-1' },
      { ...base, password: '123', re_password: '123' },
      { ...base, type: 'fax' },
      { ...base, area_id: 'HK' },
      { ...base, password: undefined },
    ]) {
      expect(routes.register.request.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('loginForU', () => {
  it('logs in by e-mail (any case) or phone, answering a fresh session', async () => {
    const { h, service, registerEmail, registerPhone } = setup();
    const registered = await registerEmail('ann@example.com');
    const login = await answer(
      h.loginForU(
        input('loginForU', { account: 'ANN@example.com', password: PASSWORD, login_type: 'email' }),
        ctxFor(),
      ),
    );
    expect(login.key).toBe('account.logged_in');
    expect(login.data.user).toEqual(registered.user);
    expect(login.data.token).not.toBe(registered.token);
    expect(typeof service.authenticate(login.data.token)).toBe('object');

    await registerPhone('91234567');
    const phone = { account: '91234567', password: PASSWORD, login_type: 'mobile' };
    const withArea = await answer(
      h.loginForU(input('loginForU', { ...phone, area_id: 1 }), ctxFor()),
    );
    expect(withArea.data.user).toMatchObject({ mobile: '91234567', area_id: 1 });
    // Without an area the number is enough while it names one account.
    const withoutArea = await answer(h.loginForU(input('loginForU', phone), ctxFor()));
    expect(withoutArea.data.user.id).toBe(withArea.data.user.id);
  });

  it('answers the same refusal for a wrong password, an unknown or ambiguous account', async () => {
    const { deps, h, registerEmail } = setup();
    await registerEmail('ann@example.com');
    const pw = { password: PASSWORD, re_password: PASSWORD };
    for (const area_id of [1, 4]) {
      await h.register(
        input('register', { type: 'mobile', mobile: '91234567', area_id, ...pw }),
        ctxFor(),
      );
    }
    insertUser(deps, { email: 'seeded@example.com' }); // password hash is a placeholder
    const attempts = [
      { account: 'ann@example.com', password: 'wrong-pass', login_type: 'email' },
      { account: 'nobody@example.com', password: PASSWORD, login_type: 'email' },
      { account: 'not an email', password: PASSWORD, login_type: 'email' },
      { account: 'seeded@example.com', password: 'not-a-hash', login_type: 'email' },
      { account: '91234567', password: PASSWORD, login_type: 'mobile' }, // two areas
      { account: '91234567', password: PASSWORD, login_type: 'mobile', area_id: 2 },
    ];
    for (const raw of attempts) {
      const refusal = await refusalOf(() => h.loginForU(input('loginForU', raw), ctxFor()));
      expect(refusal, JSON.stringify(raw)).toMatchObject({
        key: 'account.invalid_credentials',
        code: CODE.FAILED,
      });
    }
  });

  it('rejects bad input before any handler runs', () => {
    const ok = { account: 'a@b.co', password: 'x', login_type: 'email' };
    expect(routes.loginForU.request.safeParse(ok).success).toBe(true);
    expect(routes.loginForU.request.safeParse({ ...ok, password: '' }).success).toBe(false);
    expect(routes.loginForU.request.safeParse({ ...ok, account: '  ' }).success).toBe(false);
    expect(routes.loginForU.request.safeParse({ ...ok, login_type: 'uid' }).success).toBe(false);
  });
});

describe('createAccountDemoForU', () => {
  it('opens a demo account funded with the configured balance', async () => {
    const { deps, h, ledger, service } = setup();
    const result = await answer(
      h.createAccountDemoForU(input('createAccountDemoForU', {}), ctxFor()),
    );
    expect(result.key).toBe('account.demo_created');
    const { token, user } = sessionSchema.parse(result.data);
    expect(user).toMatchObject({ is_demo: 1, email: '', mobile: '', area_id: null });
    expect(user.uid).toMatch(/^D\d{8}$/);
    const { balance } = ledger.balances(user.id);
    expect(balance).toBe(toMicros(deps.config.demoBalance));
    expect(balance).toBe(50_000_000_000n);
    expect(ledger.sum(user.id)).toBe(balance);
    expect(ledger.page(user.id, 1, 10, 'en').list[0]?.Type).toBe(LEDGER_KIND.DEMO_FUND);
    const auth = service.authenticate(token);
    expect(typeof auth === 'object' && auth.caller.isDemo).toBe(true);
    expect(userRow(deps, user.id).password_hash).toMatch(/^scrypt\$/);
  });

  it('reopens the demo account named by demo_id without funding it again', async () => {
    const { h, ledger } = setup();
    const first = await answer(
      h.createAccountDemoForU(input('createAccountDemoForU', {}), ctxFor()),
    );
    const again = await answer(
      h.createAccountDemoForU(
        input('createAccountDemoForU', { demo_id: first.data.user.uid }),
        ctxFor(),
      ),
    );
    expect(again.data.user).toEqual(first.data.user);
    expect(again.data.token).not.toBe(first.data.token);
    expect(ledger.page(first.data.user.id, 1, 10, 'en').total).toBe(1);
  });

  it('opens a new demo account for an unknown demo_id or a real account’s uid', async () => {
    const { h, registerEmail } = setup();
    const real = await registerEmail('ann@example.com');
    for (const demo_id of ['D00000000', real.user.uid]) {
      const demo = await answer(
        h.createAccountDemoForU(input('createAccountDemoForU', { demo_id }), ctxFor()),
      );
      expect(demo.data.user.is_demo).toBe(1);
      expect(demo.data.user.uid).not.toBe(demo_id);
    }
  });
});

describe('userInfo', () => {
  it('answers the caller as a user', async () => {
    const { h, ctxOf, registerEmail } = setup();
    const { token, user } = await registerEmail('ann@example.com');
    const info = await answer(h.userInfo(input('userInfo', {}), ctxOf(token)));
    expect(userSchema.parse(info.data)).toEqual(user);
  });

  it('answers 999 without a caller', async () => {
    const { h } = setup();
    const refusal = await refusalOf(() => h.userInfo(input('userInfo', {}), ctxFor()));
    expect(refusal.code).toBe(CODE.SESSION_GONE);
  });
});

describe('sendEmail and sendSms', () => {
  it('sends a register code to a free address and a reset code to a known one', async () => {
    const { h, control, registerEmail } = setup();
    const sent = await answer(
      h.sendEmail(input('sendEmail', { to: 'New@Example.com', type: 1 }), ctxFor()),
    );
    expect(sent.key).toBe('account.code_sent');
    const last = (await control('/codes/last')({ address: 'new@example.com', purpose: 1 })) as {
      code: string;
      sent_at: number;
    };
    expect(last.code).toMatch(/^\d{6}$/);
    await registerEmail('old@example.com');
    await h.sendEmail(input('sendEmail', { to: 'old@example.com', type: 2 }), ctxFor());
    expect(await control('/codes/last')({ address: 'old@example.com', purpose: 2 })).toMatchObject({
      code: expect.stringMatching(/^\d{6}$/),
    });
  });

  it('refuses a register code for a taken address and a reset code for an unknown one', async () => {
    const { h, registerEmail } = setup();
    await registerEmail('old@example.com');
    const taken = await refusalOf(() =>
      h.sendEmail(input('sendEmail', { to: 'old@example.com', type: 1 }), ctxFor()),
    );
    expect(taken.key).toBe('account.exists');
    const unknown = await refusalOf(() =>
      h.sendSms(input('sendSms', { to: '91234567', area_id: 1, type: 2 }), ctxFor()),
    );
    expect(unknown.key).toBe('account.unknown_account');
    const badEmail = await refusalOf(() =>
      h.sendEmail(input('sendEmail', { to: 'nope', type: 1 }), ctxFor()),
    );
    expect(badEmail.key).toBe('account.email_invalid');
    const badArea = await refusalOf(() =>
      h.sendSms(input('sendSms', { to: '91234567', area_id: 999, type: 1 }), ctxFor()),
    );
    expect(badArea.key).toBe('account.area_required');
  });

  it('holds a 60 s cooldown per address and purpose', async () => {
    const { deps, h, control } = setup();
    const send = () =>
      h.sendSms(input('sendSms', { to: '91234567', area_id: 1, type: 1 }), ctxFor());
    await send();
    const first = (await control('/codes/last')({ address: '+85291234567' })) as {
      sent_at: number;
    };
    deps.clock.advance(30_000);
    const early = await refusalOf(send);
    expect(early).toMatchObject({
      key: 'account.code_cooldown',
      code: CODE.RATE_LIMITED,
      params: { count: 30 },
    });
    deps.clock.advance(30_000);
    await send();
    // A bare number (an unencoded `+` in a query) reads as the same address.
    const second = (await control('/codes/last')({ address: ' 85291234567' })) as {
      code: string;
      sent_at: number;
    };
    // The mock clock is real time plus the advances: 60 s and the few ms the test took.
    expect(second.sent_at - first.sent_at).toBeGreaterThanOrEqual(60_000);
    expect(second.sent_at - first.sent_at).toBeLessThan(61_000);
  });

  it('rejects bad input before any handler runs', () => {
    expect(routes.sendSms.request.safeParse({ to: '91234567', type: 1 }).success).toBe(false);
    expect(routes.sendEmail.request.safeParse({ to: 'a@b.co', type: 3 }).success).toBe(false);
    expect(routes.sendEmail.request.safeParse({ to: '', type: 1 }).success).toBe(false);
    expect(routes.sendEmail.request.safeParse({ to: 'a@b.co', type: '2' }).success).toBe(true);
  });
});

describe('forgetPassword', () => {
  it('sets the new password with the reset code and ends every session', async () => {
    const { h, control, service, ended, registerEmail } = setup();
    const { token, user } = await registerEmail('ann@example.com');
    await h.sendEmail(input('sendEmail', { to: 'ann@example.com', type: 2 }), ctxFor());
    const { code } = (await control('/codes/last')({ address: 'ann@example.com', purpose: 2 })) as {
      code: string;
    };
    const form = {
      type: 'email',
      account: 'ann@example.com',
      new_password: 'brand-new-1',
      secondary_password: 'brand-new-1',
    };
    const wrong = await refusalOf(() =>
      h.forgetPassword(
        input('forgetPassword', { ...form, auth_code: code === '111111' ? '222222' : '111111' }),
        ctxFor(),
      ),
    );
    expect(wrong.key).toBe('account.code_invalid');
    expect(typeof service.authenticate(token)).toBe('object');

    const done = await answer(
      h.forgetPassword(input('forgetPassword', { ...form, auth_code: code }), ctxFor()),
    );
    expect(done.key).toBe('account.password_reset');
    expect(service.authenticate(token)).toBeUndefined();
    expect(ended).toEqual([user.id]);
    const login = (password: string) =>
      h.loginForU(
        input('loginForU', { account: 'ann@example.com', password, login_type: 'email' }),
        ctxFor(),
      );
    expect((await refusalOf(() => login(PASSWORD))).key).toBe('account.invalid_credentials');
    expect((await answer(login('brand-new-1'))).data.user.id).toBe(user.id);
    // The code is spent.
    const reuse = await refusalOf(() =>
      h.forgetPassword(input('forgetPassword', { ...form, auth_code: code }), ctxFor()),
    );
    expect(reuse.key).toBe('account.code_invalid');
  });

  it('resets a phone account and refuses an unknown one', async () => {
    const { h, control, registerPhone } = setup();
    await registerPhone('91234567');
    await h.sendSms(input('sendSms', { to: '91234567', area_id: 1, type: 2 }), ctxFor());
    const { code } = (await control('/codes/last')({ address: '+85291234567', purpose: 2 })) as {
      code: string;
    };
    const form = {
      type: 'mobile',
      new_password: 'brand-new-1',
      secondary_password: 'brand-new-1',
      auth_code: code,
    };
    const unknown = await refusalOf(() =>
      h.forgetPassword(
        input('forgetPassword', { ...form, account: '99999999', area_id: 1 }),
        ctxFor(),
      ),
    );
    expect(unknown.key).toBe('account.unknown_account');
    const done = await answer(
      h.forgetPassword(
        input('forgetPassword', { ...form, account: '91234567', area_id: 1 }),
        ctxFor(),
      ),
    );
    expect(done.key).toBe('account.password_reset');
  });

  it('rejects bad input before any handler runs', () => {
    const ok = {
      type: 'email',
      account: 'a@b.co',
      new_password: 'abcdef',
      secondary_password: 'abcdef',
      auth_code: '123456',
    };
    expect(routes.forgetPassword.request.safeParse(ok).success).toBe(true);
    expect(
      routes.forgetPassword.request.safeParse({ ...ok, secondary_password: 'abcdeg' }).success,
    ).toBe(false);
    expect(routes.forgetPassword.request.safeParse({ ...ok, auth_code: '' }).success).toBe(false);
    expect(routes.forgetPassword.request.safeParse({ ...ok, new_password: '' }).success).toBe(
      false,
    );
  });
});

describe('amendPassword', () => {
  it('changes the password, keeping the caller’s token and ending the others', async () => {
    const { h, service, ended, ctxOf, registerEmail } = setup();
    const { token, user } = await registerEmail('ann@example.com');
    const login = (password: string) =>
      h.loginForU(
        input('loginForU', { account: 'ann@example.com', password, login_type: 'email' }),
        ctxFor(),
      );
    const other = (await answer(login(PASSWORD))).data.token;
    const done = await answer(
      h.amendPassword(
        input('amendPassword', {
          old_password: PASSWORD,
          new_password: 'changed-pw-1',
          secondary_password: 'changed-pw-1',
        }),
        ctxOf(token),
      ),
    );
    expect(done.key).toBe('account.password_changed');
    expect(typeof service.authenticate(token)).toBe('object');
    expect(service.authenticate(other)).toBeUndefined();
    expect(ended).toEqual([user.id]);
    expect((await refusalOf(() => login(PASSWORD))).key).toBe('account.invalid_credentials');
    expect((await answer(login('changed-pw-1'))).data.user.id).toBe(user.id);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const { deps, h, ctxOf, registerEmail } = setup();
    const { token, user } = await registerEmail('ann@example.com');
    const before = userRow(deps, user.id).password_hash;
    const refusal = await refusalOf(() =>
      h.amendPassword(
        input('amendPassword', {
          old_password: 'not-it-123',
          new_password: 'changed-pw-1',
          secondary_password: 'changed-pw-1',
        }),
        ctxOf(token),
      ),
    );
    expect(refusal.key).toBe('account.old_password_wrong');
    expect(userRow(deps, user.id).password_hash).toBe(before);
  });

  it('rejects bad input before any handler runs', () => {
    const ok = { old_password: 'x', new_password: 'abcdef', secondary_password: 'abcdef' };
    expect(routes.amendPassword.request.safeParse(ok).success).toBe(true);
    expect(routes.amendPassword.request.safeParse({ ...ok, old_password: '' }).success).toBe(false);
    expect(routes.amendPassword.request.safeParse({ ...ok, secondary_password: 'x' }).success).toBe(
      false,
    );
  });
});

describe('control API', () => {
  it('GET /codes/last refuses an address nobody sent to', async () => {
    const { control } = setup();
    const refusal = await refusalOf(() => control('/codes/last')({ address: 'none@example.com' }));
    expect(refusal.code).toBe(CODE.NOT_FOUND);
  });

  it('POST /sessions/expire expires one user’s tokens, or everyone’s', async () => {
    const { h, control, service, registerEmail } = setup();
    const ann = await registerEmail('ann@example.com');
    const bob = await registerEmail('bob@example.com');
    const demo = await answer(
      h.createAccountDemoForU(input('createAccountDemoForU', {}), ctxFor()),
    );
    expect(await control('/sessions/expire')({ uid: ann.user.uid })).toEqual({ expired: 1 });
    expect(service.authenticate(ann.token)).toBe('expired');
    expect(typeof service.authenticate(bob.token)).toBe('object');
    expect(await control('/sessions/expire')({})).toEqual({ expired: 2 });
    expect(service.authenticate(bob.token)).toBe('expired');
    expect(service.authenticate(demo.data.token)).toBe('expired');
    const unknown = await refusalOf(() => control('/sessions/expire')({ uid: 'U00000000' }));
    expect(unknown.code).toBe(CODE.NOT_FOUND);
  });

  it('tokens expire after tokenTtlMs of mock time', async () => {
    const { deps, service, registerEmail } = setup();
    const { token } = await registerEmail('ann@example.com');
    deps.clock.advance(deps.config.tokenTtlMs);
    expect(service.authenticate(token)).toBe('expired');
  });
});
