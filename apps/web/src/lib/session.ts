import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { type SigningKeyStore, signingKeys } from './signing-key.ts';
import { EMPTY_SESSION, readStore, type SessionData, type StoredUser, writeSlice } from './storage.ts';

export interface SessionStore extends SessionData {
  /**
   * A token arrived: identify with it, but stay logged out until the user info has loaded. The signing key
   * goes straight into the key store as a non-extractable CryptoKey; the session never holds its hex.
   */
  begin(identity: { uid: string; uuid: string; token: string; signingKey?: string | null }): void;
  setUserInfo(info: Omit<StoredUser, 'token'>): void;
  clear(): void;
}

export function createSessionStore(storage?: Storage | null, keys: SigningKeyStore = signingKeys) {
  const stored = readStore(storage).session;
  const initial: SessionData = {
    token: stored?.token ?? null,
    userInfo: stored?.userInfo ?? null,
    loginStatus: Boolean(stored?.loginStatus && stored.token),
  };
  const store = createStore<SessionStore>()((set, get) => ({
    ...initial,
    begin: ({ uid, uuid, token, signingKey }) => {
      void keys.adopt(signingKey);
      set({ token, userInfo: { uid, uuid, token }, loginStatus: false });
    },
    setUserInfo: (info) => {
      const token = get().token;
      if (!token) return;
      set({ userInfo: { ...info, token }, loginStatus: true });
    },
    clear: () => {
      void keys.forget();
      set({ ...EMPTY_SESSION });
    },
  }));
  store.subscribe(({ token, userInfo, loginStatus }) =>
    writeSlice('session', { token, userInfo, loginStatus }, storage),
  );
  // Once, for sessions stored by earlier versions: the hex key moves into the key store and out of localStorage.
  if (typeof stored?.signingKey === 'string') {
    void keys.adopt(stored.token ? stored.signingKey : null);
    writeSlice(
      'session',
      { token: initial.token, userInfo: initial.userInfo, loginStatus: initial.loginStatus },
      storage,
    );
  }
  return store;
}

export const sessionStore = createSessionStore();

export function useSession<T>(select: (state: SessionStore) => T): T {
  return useStore(sessionStore, select);
}

/** SPEC §6: a profile is complete when it has a user name or an open name. */
export function isProfileComplete(user: Pick<StoredUser, 'uname' | 'openName'> | null | undefined): boolean {
  return Boolean(user?.uname?.trim() || user?.openName?.trim());
}
