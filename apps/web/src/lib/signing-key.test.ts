import { type SessionAttachment, signRequest, type UserInfo } from '@polaris/contract';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { completeLogin } from './auth-session.ts';
import { createSessionStore } from './session.ts';
import { importSigningKey, indexedDbVault, SigningKeyStore, signWithKey } from './signing-key.ts';
import { STORE_KEY } from './storage.ts';

const HEX = '0f'.repeat(16) + 'a7'.repeat(16);
const parts = {
  method: 'POST',
  path: '/user/identity/sessions/revoke',
  timestamp: '1800000000000',
  nonce: 'n0001',
  body: '{"id":7}',
};
const user = { uid: '42', uuid: 'uu-1', email: 'ada@example.com' } as UserInfo;
const attachment = { uid: '42', uuid: 'uu-1', token: 'tok', signingKey: HEX } as SessionAttachment;

let factory: IDBFactory;
/** A fresh key store over the same IndexedDB: what the next page load sees. */
const reload = () => new SigningKeyStore(indexedDbVault(factory));

beforeEach(() => {
  factory = new IDBFactory();
  localStorage.clear();
});

describe('the signing key', () => {
  it('is imported non-extractable and signs exactly like the server checks', async () => {
    const key = await importSigningKey(HEX);
    expect(key).toMatchObject({ extractable: false, usages: ['sign'], algorithm: { name: 'HMAC' } });
    await expect(crypto.subtle.exportKey('raw', key!)).rejects.toThrow();
    expect(await signWithKey(key!, parts)).toBe(signRequest(HEX, parts));
  });

  it('survives a reload in IndexedDB as a CryptoKey, and is gone after forget', async () => {
    await new SigningKeyStore(indexedDbVault(factory)).adopt(HEX);
    const stored = await reload().key();
    expect(stored).toBeInstanceOf(CryptoKey);
    expect(stored?.extractable).toBe(false);
    expect(await signWithKey(stored!, parts)).toBe(signRequest(HEX, parts));
    const keys = reload();
    await keys.forget();
    expect(await keys.key()).toBeNull();
    expect(await reload().key()).toBeNull();
  });

  it('never reaches localStorage at login, and logout forgets it', async () => {
    const keys = reload();
    const session = createSessionStore(localStorage, keys);
    await completeLogin(session, attachment, async () => user);
    expect(session.getState()).toMatchObject({ token: 'tok', loginStatus: true });
    expect(localStorage.getItem(STORE_KEY)).not.toContain(HEX);
    expect(await signWithKey((await keys.key())!, parts)).toBe(signRequest(HEX, parts));
    expect(await signWithKey((await reload().key())!, parts)).toBe(signRequest(HEX, parts));
    session.getState().clear();
    expect(await keys.key()).toBeNull();
    expect(await reload().key()).toBeNull();
  });

  it('moves a hex key stored by an earlier version into IndexedDB once, and out of localStorage', async () => {
    const legacy = {
      session: {
        token: 'tok',
        signingKey: HEX,
        userInfo: { uid: '42', uuid: 'uu-1', token: 'tok' },
        loginStatus: true,
      },
    };
    localStorage.setItem(STORE_KEY, JSON.stringify(legacy));
    const keys = reload();
    const session = createSessionStore(localStorage, keys);
    expect(localStorage.getItem(STORE_KEY)).not.toContain(HEX);
    expect(session.getState()).toMatchObject({ token: 'tok', loginStatus: true });
    expect(await signWithKey((await keys.key())!, parts)).toBe(signRequest(HEX, parts));
    // The next load finds it in IndexedDB, with nothing left to migrate.
    createSessionStore(localStorage, reload());
    expect(await signWithKey((await reload().key())!, parts)).toBe(signRequest(HEX, parts));
  });
});
