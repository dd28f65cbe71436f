import { DEFAULT_CHAIN_ID, LANGUAGES, MESSAGES, type UserInfo } from '@polaris/contract';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { completeLogin, isLogoutSuccess, logout } from './auth-session.ts';
import { createSessionStore, isProfileComplete } from './session.ts';
import { createSettingsStore } from './settings.ts';
import { readStore, STORE_KEY } from './storage.ts';

const user: UserInfo = {
  uid: '42',
  uuid: 'uu-1',
  email: 'ada@example.com',
  uname: null,
  openName: null,
  avatar: null,
  inviteCode: 'ABC123',
  emailBound: true,
  createdAt: '2025-11-21T00:00:00.000Z',
  vip: null,
};
const attachment = { uid: '42', uuid: 'uu-1', token: 'tok', expiresAt: '2025-12-21T00:00:00.000Z' };

beforeEach(() => localStorage.clear());

describe('login transition', () => {
  it('stores the token, loads the user info, then marks the session logged in', async () => {
    const store = createSessionStore(localStorage);
    const loadUserInfo = vi.fn(async () => {
      // The token must already be usable when the user info is requested.
      expect(store.getState().token).toBe('tok');
      expect(store.getState().loginStatus).toBe(false);
      return user;
    });
    await expect(completeLogin(store, attachment, loadUserInfo)).resolves.toBe(true);
    expect(store.getState()).toMatchObject({ token: 'tok', loginStatus: true });
    expect(store.getState().userInfo).toMatchObject({ uid: '42', email: 'ada@example.com', token: 'tok' });
    expect(readStore(localStorage).session).toMatchObject({ token: 'tok', loginStatus: true });
  });

  it('logs in with the membership the user info carries, and stores it', async () => {
    const store = createSessionStore(localStorage);
    const vip = {
      tier: 'pro' as const,
      status: 'active' as const,
      startsAt: '2025-11-01T00:00:00.000Z',
      endsAt: '2025-12-01T00:00:00.000Z',
    };
    await expect(completeLogin(store, attachment, async () => ({ ...user, vip }))).resolves.toBe(true);
    expect(store.getState().userInfo?.vip).toEqual(vip);
    expect(readStore(localStorage).session?.userInfo?.vip).toEqual(vip);
  });

  it('clears the session when no token comes back', async () => {
    const store = createSessionStore(localStorage);
    store.getState().begin({ uid: '1', uuid: 'u', token: 'old' });
    const loadUserInfo = vi.fn(async () => user);
    await expect(completeLogin(store, { uid: '42', uuid: 'uu-1' }, loadUserInfo)).resolves.toBe(false);
    expect(loadUserInfo).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ token: null, userInfo: null, loginStatus: false });
  });

  it('stays logged out when the user info cannot be loaded', async () => {
    const store = createSessionStore(localStorage);
    await expect(completeLogin(store, attachment, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(store.getState()).toMatchObject({ token: null, loginStatus: false });
  });

  it('survives a reload', async () => {
    const first = createSessionStore(localStorage);
    await completeLogin(first, attachment, async () => user);
    const second = createSessionStore(localStorage);
    expect(second.getState()).toMatchObject({ token: 'tok', loginStatus: true });
  });
});

describe('logout', () => {
  async function loggedIn() {
    const store = createSessionStore(localStorage);
    await completeLogin(store, attachment, async () => user);
    return store;
  }

  it('clears token, user info and login status after the server confirms', async () => {
    const store = await loggedIn();
    await expect(logout(store, async () => ({ status: 200, msg: 'Exit successful' }))).resolves.toBe(true);
    expect(store.getState()).toMatchObject({ token: null, userInfo: null, loginStatus: false });
    expect(readStore(localStorage).session).toMatchObject({ token: null, loginStatus: false });
  });

  it('clears locally even when the call fails', async () => {
    const store = await loggedIn();
    await expect(logout(store, () => Promise.reject(new Error('offline')))).resolves.toBe(false);
    expect(store.getState()).toMatchObject({ token: null, userInfo: null, loginStatus: false });
    expect(readStore(localStorage).session).toMatchObject({ token: null, userInfo: null, loginStatus: false });
  });

  it('accepts "exit successful" in any language or status 200', () => {
    expect(isLogoutSuccess({ status: 200 })).toBe(true);
    expect(isLogoutSuccess({ status: 500, msg: 'exit successful' })).toBe(true);
    for (const language of LANGUAGES) {
      expect(isLogoutSuccess({ status: 500, msg: MESSAGES[language].auth.logoutOk }), language).toBe(true);
    }
    expect(isLogoutSuccess({ status: 401, msg: 'Something else' })).toBe(false);
  });
});

describe('profile completeness', () => {
  it('needs a user name or an open name', () => {
    expect(isProfileComplete(null)).toBe(false);
    expect(isProfileComplete({ uname: null, openName: null })).toBe(false);
    expect(isProfileComplete({ uname: '  ', openName: null })).toBe(false);
    expect(isProfileComplete({ uname: 'ada', openName: null })).toBe(true);
    expect(isProfileComplete({ uname: null, openName: 'Ada L.' })).toBe(true);
  });
});

describe('settings', () => {
  it('sets first-launch defaults in the one namespaced object', () => {
    // A browser in none of our languages gets SPEC's default (first-language.test.ts has the others).
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    onTestFinished(() => languages.mockRestore());
    const store = createSettingsStore(localStorage);
    expect(store.getState()).toMatchObject({
      language: 'zh-Hant',
      currency: 'USD',
      areaCode: '852',
      chain: DEFAULT_CHAIN_ID,
      showAssets: true,
      micropayLimit: 100,
    });
    expect(Object.keys(localStorage)).toEqual([STORE_KEY]);
    expect(readStore(localStorage).settings).toMatchObject({ currency: 'USD', chain: DEFAULT_CHAIN_ID });
  });

  it('never overwrites what is already stored', () => {
    localStorage.setItem(
      STORE_KEY,
      JSON.stringify({ settings: { currency: 'TWD', language: 'en', showAssets: false } }),
    );
    const store = createSettingsStore(localStorage);
    expect(store.getState()).toMatchObject({ currency: 'TWD', language: 'en', showAssets: false, areaCode: '1' });
    expect(readStore(localStorage).settings).toMatchObject({ currency: 'TWD', language: 'en', showAssets: false });
  });

  it('keeps the session and the settings side by side', async () => {
    const settings = createSettingsStore(localStorage);
    const session = createSessionStore(localStorage);
    await completeLogin(session, attachment, async () => user);
    settings.getState().update({ language: 'zh-Hans' });
    const stored = readStore(localStorage);
    expect(stored.session?.token).toBe('tok');
    expect(stored.settings?.language).toBe('zh-Hans');
  });
});
