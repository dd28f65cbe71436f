import { SIGNATURE_SCHEME, signatureBase } from '@polaris/contract';

/**
 * The session's request-signing key (ARCHITECTURE "Signed calls") as a non-extractable WebCrypto key.
 *
 * The server hands the key out once, at login, as hex. We import it at once with `extractable: false`
 * and keep only the CryptoKey: in memory for this page and in IndexedDB (which stores CryptoKeys as they
 * are) for the next. Script that runs on the page later can still ask the browser to sign with it, but can
 * never read the key bytes to sign elsewhere, and nothing of it is in localStorage (docs/decisions.md).
 */

export type SignedParts = Parameters<typeof signatureBase>[0];

/** Where the CryptoKey survives a reload. */
export interface KeyVault {
  get(): Promise<CryptoKey | null>;
  put(key: CryptoKey): Promise<void>;
  delete(): Promise<void>;
}

const DATABASE = 'polarisex';
const STORE = 'keys';
const SIGNING = 'signing';

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** One IndexedDB database, one object store, one record: the CryptoKey itself (structured-cloned). */
export function indexedDbVault(factory: IDBFactory): KeyVault {
  let database: Promise<IDBDatabase> | null = null;
  const open = () => {
    database ??= new Promise((resolve, reject) => {
      const request = factory.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return database;
  };
  const run = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) => {
    const transaction = (await open()).transaction(STORE, mode);
    const finished = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
    const [result] = await Promise.all([done(work(transaction.objectStore(STORE))), finished]);
    return result;
  };
  return {
    get: async () => {
      const value: unknown = await run('readonly', (store) => store.get(SIGNING));
      return value instanceof CryptoKey ? value : null;
    },
    put: async (key) => {
      await run('readwrite', (store) => store.put(key, SIGNING));
    },
    delete: async () => {
      await run('readwrite', (store) => store.delete(SIGNING));
    },
  };
}

/** Without IndexedDB (some private modes, old test environments) the key lives as long as the page. */
function memoryVault(): KeyVault {
  let kept: CryptoKey | null = null;
  return {
    get: async () => kept,
    put: async (key) => {
      kept = key;
    },
    delete: async () => {
      kept = null;
    },
  };
}

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) throw new Error('signing key is not hex');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

const toHex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Imports the server's hex key as HMAC-SHA256, usable only to sign and never exportable. Null outside a
 * secure context (plain http on a non-loopback address), where browsers withhold WebCrypto.
 */
export async function importSigningKey(hex: string): Promise<CryptoKey | null> {
  if (!globalThis.crypto?.subtle) return null;
  return crypto.subtle.importKey('raw', hexToBytes(hex), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

/** The Authorization header for a signed call: the same bytes the contract's `signRequest` produces. */
export async function signWithKey(key: CryptoKey, parts: SignedParts): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(signatureBase(parts)));
  return `${SIGNATURE_SCHEME} ${toHex(mac)}`;
}

/** The one signing key of this browser's session; every reader awaits the latest adopt or forget. */
export class SigningKeyStore {
  private current: Promise<CryptoKey | null> | null = null;

  constructor(private readonly vault: KeyVault) {}

  /** A login handed us a key (or none): import it, keep the CryptoKey, drop the hex. */
  adopt(hex: string | null | undefined): Promise<void> {
    // After whatever came before, so a quick login-logout cannot leave the older key in the vault.
    const previous = this.current ?? Promise.resolve(null);
    const next = previous.then(async () => {
      const key = hex ? await importSigningKey(hex).catch(() => null) : null;
      await (key ? this.vault.put(key) : this.vault.delete()).catch(() => undefined);
      return key;
    });
    this.current = next;
    return next.then(() => undefined);
  }

  /** Logout or a dead session. */
  forget(): Promise<void> {
    return this.adopt(null);
  }

  key(): Promise<CryptoKey | null> {
    this.current ??= this.vault.get().catch(() => null);
    return this.current;
  }
}

export const signingKeys = new SigningKeyStore(
  typeof indexedDB === 'undefined' ? memoryVault() : indexedDbVault(indexedDB),
);
