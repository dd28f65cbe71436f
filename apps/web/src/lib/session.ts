import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { EMPTY_SESSION, readStore, type SessionData, type StoredUser, writeSlice } from './storage.ts';

export interface SessionStore extends SessionData {
  /** A token arrived: identify with it, but stay logged out until the user info has loaded. */
  begin(identity: { uid: string; uuid: string; token: string; signingKey?: string | null }): void;
  setUserInfo(info: Omit<StoredUser, 'token'>): void;
  clear(): void;
}

export function createSessionStore(storage?: Storage | null) {
  const stored = readStore(storage).session;
  const initial: SessionData = {
    token: stored?.token ?? null,
    signingKey: stored?.signingKey ?? null,
    userInfo: stored?.userInfo ?? null,
    loginStatus: Boolean(stored?.loginStatus && stored.token),
  };
  const store = createStore<SessionStore>()((set, get) => ({
    ...initial,
    begin: ({ uid, uuid, token, signingKey }) =>
      set({ token, signingKey: signingKey ?? null, userInfo: { uid, uuid, token }, loginStatus: false }),
    setUserInfo: (info) => {
      const token = get().token;
      if (!token) return;
      set({ userInfo: { ...info, token }, loginStatus: true });
    },
    clear: () => set({ ...EMPTY_SESSION }),
  }));
  store.subscribe(({ token, signingKey, userInfo, loginStatus }) =>
    writeSlice('session', { token, signingKey, userInfo, loginStatus }, storage),
  );
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
