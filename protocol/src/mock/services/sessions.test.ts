import { describe, expect, it } from 'vitest';
import { insertUser, makeDeps } from '../test-support.js';
import { createSessions } from './sessions.js';

function setup() {
  const deps = makeDeps({ tokenTtlMs: 60_000 });
  const sessions = createSessions(deps);
  const ended: number[] = [];
  deps.events.on('sessionsEnded', ({ userId }) => ended.push(userId));
  return { deps, sessions, ended };
}

describe('sessions', () => {
  it('issues random base64url tokens that resolve to their caller', () => {
    const { deps, sessions } = setup();
    const user = insertUser(deps, { email: 'a@test.local' });
    const token = sessions.create(user.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sessions.create(user.id)).not.toBe(token);
    expect(sessions.authenticate(token)).toEqual({
      caller: { id: user.id, uid: user.uid, isDemo: false, email: 'a@test.local' },
    });
    const row = deps.db.prepare('SELECT * FROM sessions WHERE token = ?').get(token) as {
      user_id: number;
      created_at: number;
      expires_at: number;
    };
    expect(row.user_id).toBe(user.id);
    expect(row.expires_at - row.created_at).toBe(60_000);
  });

  it('marks demo callers and answers undefined for an unknown token', () => {
    const { deps, sessions } = setup();
    const demo = insertUser(deps, { isDemo: true });
    const auth = sessions.authenticate(sessions.create(demo.id));
    expect(typeof auth === 'object' && auth.caller.isDemo).toBe(true);
    expect(sessions.authenticate('no-such-token')).toBeUndefined();
  });

  it("answers 'expired' once the clock passes the token's expiry", () => {
    const { deps, sessions } = setup();
    const user = insertUser(deps);
    const token = sessions.create(user.id);
    // The mock clock also runs in real time: leave a second for the test itself.
    deps.clock.advance(59_000);
    expect(typeof sessions.authenticate(token)).toBe('object');
    deps.clock.advance(1_000);
    expect(sessions.authenticate(token)).toBe('expired');
  });

  it('endAll deletes every session of the user but the one kept, and tells the hub', () => {
    const { deps, sessions, ended } = setup();
    const user = insertUser(deps);
    const other = insertUser(deps);
    const [a, b, c] = [
      sessions.create(user.id),
      sessions.create(user.id),
      sessions.create(user.id),
    ];
    const others = sessions.create(other.id);
    sessions.endAll(user.id, b);
    expect(sessions.authenticate(a)).toBeUndefined();
    expect(sessions.authenticate(c)).toBeUndefined();
    expect(typeof sessions.authenticate(b)).toBe('object');
    expect(typeof sessions.authenticate(others)).toBe('object');
    expect(ended).toEqual([user.id]);
    sessions.endAll(user.id);
    expect(sessions.authenticate(b)).toBeUndefined();
  });

  it('expireAll expires one user or everyone, counting live sessions only', () => {
    const { deps, sessions, ended } = setup();
    const one = insertUser(deps);
    const two = insertUser(deps);
    const first = sessions.create(one.id);
    sessions.create(one.id);
    const second = sessions.create(two.id);
    expect(sessions.expireAll(one.id)).toBe(2);
    expect(sessions.authenticate(first)).toBe('expired');
    expect(typeof sessions.authenticate(second)).toBe('object');
    expect(ended).toEqual([one.id]);
    expect(sessions.expireAll()).toBe(1);
    expect(sessions.authenticate(second)).toBe('expired');
    expect(ended).toEqual([one.id, two.id]);
    expect(sessions.expireAll()).toBe(0);
  });
});
