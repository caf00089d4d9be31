import type { Session } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../test-support/memory-storage.js';
import { createSessionStore, loadSession, viewerOf } from './session.js';
import type { KeyValueStorage } from './storage.js';

const answer = (isDemo: number): Session => ({
  token: 'tok-123',
  user: {
    id: 7,
    uid: 'U0007',
    email: 'trader@example.test',
    mobile: '',
    area_id: null,
    is_demo: isDemo,
    invite_code: 'INV7',
  },
});

describe('session persistence', () => {
  it('restores a login after a reload', () => {
    const storage = memoryStorage();
    createSessionStore(storage).signIn(answer(0));

    const reloaded = createSessionStore(storage);
    expect(reloaded.state).toEqual({ token: 'tok-123', user: answer(0).user });
    expect(viewerOf(reloaded.state)).toEqual({ loggedIn: true, demo: false });
  });

  it('forgets both token and user on logout', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.signIn(answer(0));
    store.signOut();

    expect(storage.entries.has('pipstream.token')).toBe(false);
    expect(storage.entries.has('pipstream.user')).toBe(false);
    expect(createSessionStore(storage).state).toEqual({ token: null, user: null });
  });

  it('keeps user refreshes, and ignores them when logged out', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.signIn(answer(0));
    store.updateUser({ ...answer(0).user, email: 'new@example.test' });
    expect(createSessionStore(storage).state.user?.email).toBe('new@example.test');

    store.signOut();
    store.updateUser(answer(0).user);
    expect(store.state.user).toBeNull();
  });

  it('remembers the demo account of this device', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    expect(store.lastDemoId()).toBeUndefined();
    store.signIn(answer(1));
    expect(viewerOf(store.state)).toEqual({ loggedIn: true, demo: true });
    store.signOut();
    expect(createSessionStore(storage).lastDemoId()).toBe('U0007');
  });

  it('restores half or broken entries as logged out', () => {
    const storage = memoryStorage();
    storage.setItem('pipstream.token', '"tok"');
    expect(loadSession(storage)).toEqual({ token: null, user: null });
    storage.setItem('pipstream.user', '{not json');
    expect(loadSession(storage)).toEqual({ token: null, user: null });
    expect(loadSession(undefined)).toEqual({ token: null, user: null });
  });

  it('survives a storage that throws', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const store = createSessionStore(broken);
    store.signIn(answer(0));
    expect(store.state.token).toBe('tok-123');
  });
});
