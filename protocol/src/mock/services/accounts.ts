import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { toMicros } from '../../arithmetic/money.js';
import { CODE } from '../../envelope.js';
import { CODE_PURPOSE } from '../../routes/account.js';
import { email as emailSchema, phone as phoneSchema } from '../../routes/shared.js';
import type { routes } from '../../routes/table.js';
import { wireChoice } from '../../schemas/primitives.js';
import {
  type AreaCode,
  type BaseSettings,
  type LoginType,
  type User,
  VERIFY_REG_TYPE,
} from '../../schemas/user.js';
import type { MockDeps } from '../deps.js';
import { type ControlAction, defineControl } from '../http/control.js';
import { callerOf, type Handlers, reply } from '../http/handler.js';
import { Refusal, refuse } from '../refusal.js';
import { areaById } from './areas.js';
import { createCaptchas } from './captcha.js';
import { createCodes, emailAddress, phoneAddress } from './codes.js';
import { LEDGER_KIND, type Ledger } from './ledger.js';
import { hashPassword, unusablePassword, verifyNothing, verifyPassword } from './passwords.js';
import { createSessions } from './sessions.js';

interface UserRow {
  id: number;
  uid: string;
  email: string | null;
  area_id: number | null;
  mobile: string | null;
  password_hash: string;
  is_demo: number;
  invite_code: string;
}

/** Who an e-mail or phone form names: one of `email` or `area` + `mobile` is set. */
interface Identity {
  /** Where its codes go (see codes.ts). */
  readonly address: string;
  readonly email: string | null;
  readonly area: AreaCode | null;
  readonly mobile: string | null;
}

const INVITE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Public user id: a letter (U real, D demo) and 8 digits. */
function newUid(prefix: 'U' | 'D'): string {
  return prefix + String(randomInt(100_000_000)).padStart(8, '0');
}

/** Invite code: 8 characters A–Z0–9. */
function newInviteCode(): string {
  return Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join(
    '',
  );
}

/** A user as the client sees it (no hash, no balances). */
function toUser(row: UserRow): User {
  return {
    id: row.id,
    uid: row.uid,
    email: row.email ?? '',
    mobile: row.mobile ?? '',
    area_id: row.area_id,
    is_demo: row.is_demo,
    invite_code: row.invite_code,
  };
}

/**
 * Reads the identifier of a registration, reset or send-code form: a valid e-mail, or a phone
 * number with a known area. Refuses with the message of the field that is wrong.
 */
function identify(type: LoginType, account: string | undefined, areaId: number | undefined) {
  if (type === 'email') {
    const parsed = emailSchema().safeParse(account ?? '');
    if (!parsed.success) refuse('account.email_invalid', undefined, CODE.INVALID_INPUT);
    return { address: emailAddress(parsed.data), email: parsed.data, area: null, mobile: null };
  }
  const parsed = phoneSchema().safeParse(account ?? '');
  if (!parsed.success) refuse('account.mobile_invalid', undefined, CODE.INVALID_INPUT);
  const area = areaId === undefined ? undefined : areaById(areaId);
  if (!area) refuse('account.area_required', undefined, CODE.INVALID_INPUT);
  return { address: phoneAddress(area, parsed.data), email: null, area, mobile: parsed.data };
}

/**
 * A control-API address as typed: e-mails are compared lower-cased, and a bare number gets its
 * `+` back (an unencoded `+` in a query string arrives as a space).
 */
function controlAddress(address: string): string {
  const trimmed = address.trim().toLowerCase();
  return /^\d+$/.test(trimmed) ? `+${trimmed}` : trimmed;
}

/**
 * Accounts of the mock: registration (e-mail or phone, invite reward), login, demo accounts,
 * password change and reset, verification codes and the registration captcha.
 *
 * @param ledger credits the inviter and funds demo accounts.
 * @param baseSettings the site's current settings (read for `verify_reg_type` on each call).
 */
export function createAccountService(
  deps: MockDeps,
  ledger: Ledger,
  baseSettings: () => BaseSettings,
) {
  const { db, config } = deps;
  const sessions = createSessions(deps);
  const codes = createCodes(deps);
  const captchas = createCaptchas(deps);

  const byId = db.prepare('SELECT * FROM users WHERE id = ?');
  const byUid = db.prepare('SELECT * FROM users WHERE uid = ?');
  const byEmail = db.prepare('SELECT * FROM users WHERE email = ? AND is_demo = 0');
  const byPhone = db.prepare(
    'SELECT * FROM users WHERE area_id = ? AND mobile = ? AND is_demo = 0',
  );
  const byNumber = db.prepare('SELECT * FROM users WHERE mobile = ? AND is_demo = 0 LIMIT 2');
  const byInviteCode = db.prepare('SELECT * FROM users WHERE invite_code = ? AND is_demo = 0');
  const inviteCodeTaken = db.prepare('SELECT 1 FROM users WHERE invite_code = ?');
  const insertUser = db.prepare(
    `INSERT INTO users (uid, email, area_id, mobile, password_hash, is_demo, invite_code, invited_by, created_at)
     VALUES (@uid, @email, @area_id, @mobile, @password_hash, @is_demo, @invite_code, @invited_by, @created_at)
     RETURNING *`,
  );
  // Compare-and-set: of two concurrent changes from the same old password, one wins.
  const swapHash = db.prepare(
    'UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?',
  );
  const setHash = db.prepare('UPDATE users SET password_hash = ? WHERE id = ?');

  const inviteReward = toMicros(config.inviteReward);
  const demoBalance = toMicros(config.demoBalance);

  function findByIdentity(identity: Identity): UserRow | undefined {
    return (
      identity.email !== null
        ? byEmail.get(identity.email)
        : byPhone.get(identity.area?.id, identity.mobile)
    ) as UserRow | undefined;
  }

  /** Login is forgiving about format: whatever does not name an account is a wrong login. */
  function findForLogin(type: LoginType, account: string, areaId: number | undefined) {
    if (type === 'email') return byEmail.get(emailAddress(account)) as UserRow | undefined;
    const number = account.trim();
    if (areaId !== undefined) return byPhone.get(areaId, number) as UserRow | undefined;
    // Without an area the number must name exactly one account.
    const rows = byNumber.all(number) as UserRow[];
    return rows.length === 1 ? rows[0] : undefined;
  }

  /** Inserts a user with fresh unique uid and invite code. Call inside a transaction. */
  function createUser(fields: {
    identity: Identity | null;
    passwordHash: string;
    isDemo: boolean;
    invitedBy: number | null;
  }): UserRow {
    let uid = newUid(fields.isDemo ? 'D' : 'U');
    while (byUid.get(uid)) uid = newUid(fields.isDemo ? 'D' : 'U');
    let inviteCode = newInviteCode();
    while (inviteCodeTaken.get(inviteCode)) inviteCode = newInviteCode();
    return insertUser.get({
      uid,
      email: fields.identity?.email ?? null,
      area_id: fields.identity?.area?.id ?? null,
      mobile: fields.identity?.mobile ?? null,
      password_hash: fields.passwordHash,
      is_demo: fields.isDemo ? 1 : 0,
      invite_code: inviteCode,
      invited_by: fields.invitedBy,
      created_at: deps.clock.now(),
    }) as UserRow;
  }

  function sessionFor(user: UserRow) {
    return { token: sessions.create(user.id), user: toUser(user) };
  }

  /** What `verify_reg_type` asks a registration to prove (see VERIFY_REG_TYPE). */
  function proveIdentifier(address: string, smsCode: string | undefined, key: string | undefined) {
    const kind = baseSettings().verify_reg_type;
    if (kind === VERIFY_REG_TYPE.CODE) {
      if (!smsCode || !codes.consume(address, CODE_PURPOSE.REGISTER, smsCode)) {
        refuse('account.code_invalid');
      }
    } else if (kind === VERIFY_REG_TYPE.CAPTCHA) {
      if (!key || !smsCode || !captchas.check(key, smsCode)) refuse('account.captcha_invalid');
    }
  }

  /** Sends a code for registration (address must be free) or reset (address must be known). */
  function sendCode(identity: Identity, purpose: number) {
    db.transaction(() => {
      const known = findByIdentity(identity) !== undefined;
      if (purpose === CODE_PURPOSE.REGISTER && known) refuse('account.exists');
      if (purpose === CODE_PURPOSE.RESET && !known) refuse('account.unknown_account');
      codes.send(identity.address, purpose);
    })();
    return reply(null, 'account.code_sent');
  }

  const handlers: Pick<
    Handlers<typeof routes>,
    | 'loginForU'
    | 'createAccountDemoForU'
    | 'userInfo'
    | 'register'
    | 'forgetPassword'
    | 'amendPassword'
    | 'sendEmail'
    | 'sendSms'
    | 'captcha'
  > = {
    async loginForU({ account, password, login_type, area_id }) {
      const user = findForLogin(login_type, account, area_id);
      const matches = user
        ? await verifyPassword(password, user.password_hash)
        : await verifyNothing(password);
      // One message whether the account exists or not: no probing for registered addresses.
      if (!user || !matches) refuse('account.invalid_credentials');
      return reply(sessionFor(user), 'account.logged_in');
    },

    async createAccountDemoForU({ demo_id }) {
      const known = demo_id ? (byUid.get(demo_id) as UserRow | undefined) : undefined;
      if (known?.is_demo === 1) return reply(sessionFor(known), 'account.demo_created');
      // A demo account has no e-mail and a password nobody knows: it is reached by demo_id only.
      const passwordHash = await unusablePassword();
      const session = db.transaction(() => {
        const user = createUser({ identity: null, passwordHash, isDemo: true, invitedBy: null });
        ledger.post(user.id, demoBalance, LEDGER_KIND.DEMO_FUND, { key: 'ledger.demo_fund' });
        return sessionFor(user);
      })();
      return reply(session, 'account.demo_created');
    },

    userInfo(_input, ctx) {
      const user = byId.get(callerOf(ctx).id) as UserRow | undefined;
      if (!user) refuse('session_gone', undefined, CODE.SESSION_GONE);
      return toUser(user);
    },

    async register(input) {
      const identity = identify(
        input.type,
        input.type === 'mobile' ? input.mobile || input.account : input.account,
        input.area_id,
      );
      const inviteCode = input.invite_code?.toUpperCase() || undefined;
      const passwordHash = await hashPassword(input.password);
      const session = db.transaction(() => {
        if (findByIdentity(identity)) refuse('account.exists');
        const inviter = inviteCode ? (byInviteCode.get(inviteCode) as UserRow | undefined) : null;
        if (inviter === undefined) refuse('account.invite_invalid');
        // Last check before writing: a refusal above leaves the code (or captcha) unspent.
        proveIdentifier(identity.address, input.sms_code, input.key);
        const user = createUser({
          identity,
          passwordHash,
          isDemo: false,
          invitedBy: inviter?.id ?? null,
        });
        if (inviter && inviteReward > 0n) {
          ledger.post(inviter.id, inviteReward, LEDGER_KIND.INVITE_REWARD, {
            key: 'ledger.invite_reward',
          });
        }
        return sessionFor(user);
      })();
      return reply(session, 'account.registered');
    },

    async forgetPassword(input) {
      const identity = identify(input.type, input.account, input.area_id);
      const passwordHash = await hashPassword(input.new_password);
      db.transaction(() => {
        const user = findByIdentity(identity);
        if (!user) refuse('account.unknown_account');
        if (!codes.consume(identity.address, CODE_PURPOSE.RESET, input.auth_code)) {
          refuse('account.code_invalid');
        }
        setHash.run(passwordHash, user.id);
        sessions.endAll(user.id);
      })();
      return reply(null, 'account.password_reset');
    },

    async amendPassword(input, ctx) {
      const caller = callerOf(ctx);
      const user = byId.get(caller.id) as UserRow | undefined;
      if (!user || !(await verifyPassword(input.old_password, user.password_hash))) {
        refuse('account.old_password_wrong');
      }
      const passwordHash = await hashPassword(input.new_password);
      db.transaction(() => {
        if (swapHash.run(passwordHash, user.id, user.password_hash).changes === 0) {
          refuse('account.old_password_wrong');
        }
        // This project's choice: the device that changed the password stays logged in; every
        // other session of the account ends.
        sessions.endAll(user.id, ctx.token);
      })();
      return reply(null, 'account.password_changed');
    },

    sendEmail({ to, type }) {
      return sendCode(identify('email', to, undefined), type);
    },

    sendSms({ to, area_id, type }) {
      return sendCode(identify('mobile', to, area_id), type);
    },

    captcha() {
      return captchas.create();
    },
  };

  const controls: ControlAction[] = [
    defineControl({
      method: 'GET',
      path: '/codes/last',
      input: z.object({
        address: z.string().min(1).max(254),
        purpose: wireChoice([CODE_PURPOSE.REGISTER, CODE_PURPOSE.RESET]).optional(),
      }),
      summary:
        'The last verification code sent to an address (an e-mail, or +{global_code}{number}), optionally of one purpose (1 register, 2 reset).',
      run({ address, purpose }) {
        const last = codes.last(controlAddress(address), purpose);
        if (!last) {
          throw new Refusal('not_found', undefined, CODE.NOT_FOUND, `no code sent to ${address}`);
        }
        return last;
      },
    }),
    defineControl({
      method: 'POST',
      path: '/sessions/expire',
      input: z.object({ uid: z.string().min(1).optional() }),
      summary:
        'Expires every token of one user (uid), or of everyone: their next call answers 999.',
      run({ uid }) {
        if (uid === undefined) return { expired: sessions.expireAll() };
        const user = byUid.get(uid) as UserRow | undefined;
        if (!user) throw new Refusal('not_found', undefined, CODE.NOT_FOUND, `no user ${uid}`);
        return { expired: sessions.expireAll(user.id) };
      },
    }),
  ];

  return {
    handlers,
    controls,
    /** Resolves a token for the dispatcher and the socket hub. */
    authenticate: sessions.authenticate,
    sessions,
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
