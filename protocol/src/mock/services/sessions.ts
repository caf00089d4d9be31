import { randomBytes } from 'node:crypto';
import type { MockDeps } from '../deps.js';
import type { Authentication } from '../http/dispatch.js';

interface SessionRow {
  expires_at: number;
  id: number;
  uid: string;
  is_demo: number;
  email: string | null;
}

/**
 * Login tokens: 256 random bits (base64url), stored in `sessions` with an expiry of
 * `config.tokenTtlMs`. Expired rows are kept, so an old token answers "expired" (999) rather
 * than looking unknown.
 */
export function createSessions({ db, clock, config, events }: MockDeps) {
  const insert = db.prepare(
    'INSERT INTO sessions (token, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
  );
  const lookup = db.prepare(
    `SELECT s.expires_at, u.id, u.uid, u.is_demo, u.email
     FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token = ?`,
  );
  const deleteOfUser = db.prepare('DELETE FROM sessions WHERE user_id = ? AND token <> ?');
  const expireOfUser = db.prepare(
    'UPDATE sessions SET expires_at = ? WHERE user_id = ? AND expires_at > ? RETURNING user_id',
  );
  const expireEvery = db.prepare(
    'UPDATE sessions SET expires_at = ? WHERE expires_at > ? RETURNING user_id',
  );

  return {
    /** Opens a session for the user and returns its token. */
    create(userId: number): string {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      insert.run(token, userId, now, now + config.tokenTtlMs);
      return token;
    },

    /** The caller a token belongs to, `'expired'` past its expiry, `undefined` if unknown. */
    authenticate(token: string): Authentication {
      const row = lookup.get(token) as SessionRow | undefined;
      if (!row) return undefined;
      if (row.expires_at <= clock.now()) return 'expired';
      return {
        caller: { id: row.id, uid: row.uid, isDemo: row.is_demo === 1, email: row.email },
      };
    },

    /**
     * Deletes every session of the user except `keep` (the caller's own token, when a user
     * changes their password) and tells the socket hub, which drops the user's sockets.
     */
    endAll(userId: number, keep = ''): void {
      deleteOfUser.run(userId, keep);
      events.emit('sessionsEnded', { userId });
    },

    /**
     * Expires the live sessions of one user, or of everyone: later calls with those tokens
     * answer 999. Returns how many sessions ended (the control API's answer).
     */
    expireAll(userId?: number): number {
      const now = clock.now();
      const rows = (
        userId === undefined ? expireEvery.all(now, now) : expireOfUser.all(now, userId, now)
      ) as { user_id: number }[];
      for (const ended of new Set(rows.map((row) => row.user_id))) {
        events.emit('sessionsEnded', { userId: ended });
      }
      return rows.length;
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
