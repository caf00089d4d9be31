import type { Session, User } from '@pipstream/protocol';
import { proxy, subscribe } from 'valtio/vanilla';
import { browserStorage, type KeyValueStorage, readJson, writeJson } from './storage.js';

/** Login state of docs/product.md#states: a token and a user, or neither. */
export interface SessionState {
  token: string | null;
  user: User | null;
}

/** Who is looking at a screen, as the route guard needs to know it. */
export interface Viewer {
  readonly loggedIn: boolean;
  readonly demo: boolean;
}

const TOKEN_KEY = 'pipstream.token';
const USER_KEY = 'pipstream.user';
const DEMO_ID_KEY = 'pipstream.demo_id';

/**
 * The session kept in `storage`: a token and a user, or logged out when either is missing.
 * The user is checked against the protocol's schema once the protocol has loaded (see
 * `checkStoredLogin`), so restoring costs the first paint nothing.
 */
export function loadSession(storage: KeyValueStorage | undefined): SessionState {
  const token = readJson(storage, TOKEN_KEY);
  const user = readJson(storage, USER_KEY);
  if (typeof token !== 'string' || token === '' || typeof user !== 'object' || user === null) {
    return { token: null, user: null };
  }
  return { token, user: user as User };
}

/** Writes the session to `storage` (removing both entries when logged out). */
export function saveSession(storage: KeyValueStorage | undefined, state: SessionState): void {
  const complete = state.token !== null && state.user !== null;
  writeJson(storage, TOKEN_KEY, complete ? state.token : null);
  writeJson(storage, USER_KEY, complete ? state.user : null);
}

/**
 * A session store persisted to `storage` on every change (synchronously, so a reload right
 * after logging in keeps it).
 */
export function createSessionStore(storage: KeyValueStorage | undefined) {
  const state = proxy<SessionState>(loadSession(storage));
  subscribe(state, () => saveSession(storage, state), true);

  return {
    state,
    /** Keeps the token and user of a login, registration or demo answer. */
    signIn(answer: Session): void {
      state.token = answer.token;
      state.user = answer.user;
      // A demo account is reopened on this device next time (see createAccountDemoForU).
      if (answer.user.is_demo === 1) writeJson(storage, DEMO_ID_KEY, answer.user.uid);
    },
    /** Replaces the user (after `user/info`) without touching the token. */
    updateUser(user: User): void {
      if (state.token !== null) state.user = user;
    },
    /** Clears token and user. */
    signOut(): void {
      state.token = null;
      state.user = null;
    },
    /** The uid of the demo account this device used last, if any. */
    lastDemoId(): string | undefined {
      const id = readJson(storage, DEMO_ID_KEY);
      return typeof id === 'string' && id !== '' ? id : undefined;
    },
  };
}

/** The viewer a session state describes. */
export function viewerOf(state: SessionState): Viewer {
  const loggedIn = state.token !== null && state.user !== null;
  return { loggedIn, demo: loggedIn && state.user?.is_demo === 1 };
}

const store = createSessionStore(browserStorage());

/** The app's session, restored from `localStorage` on load. */
export const session = store.state;
export const signIn = store.signIn;
export const updateUser = store.updateUser;
export const signOut = store.signOut;
export const lastDemoId = store.lastDemoId;
