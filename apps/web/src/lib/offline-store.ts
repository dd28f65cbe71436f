import type { TicketsOutput } from '@polaris/contract';

/** A ticket as the server sends it (api/activity.ts names the same type). */
type Ticket = ReturnType<(typeof TicketsOutput)['parse']>['items'][number];

/**
 * What the app keeps for use without a network (docs/app-platform.md "Offline"), in IndexedDB: the signed-in
 * user's upcoming tickets with their QR payloads, and check-in scans an organizer made while offline. Not in
 * localStorage with the rest (SPEC §3's one object): the queue is written and read item by item, from any tab.
 */

export interface SavedTickets {
  uid: string;
  savedAt: string;
  items: Ticket[];
}

export interface QueuedCheckin {
  id: number;
  /** The organizer who scanned: only their session syncs it. */
  hostUid: string;
  activityId: string;
  ticketCode: string;
  scannedAt: string;
}

const NAME = 'polaris-offline';
const TICKETS = 'tickets';
const CHECKINS = 'checkins';

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(NAME, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore(TICKETS, { keyPath: 'uid' });
      db.createObjectStore(CHECKINS, { keyPath: 'id', autoIncrement: true });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

async function run<T>(store: string, mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>) {
  const db = await open();
  return new Promise<T>((resolve, reject) => {
    const transaction = db.transaction(store, mode);
    const request = work(transaction.objectStore(store));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

export async function saveTickets(uid: string, items: Ticket[], now = new Date()): Promise<void> {
  const saved: SavedTickets = { uid, savedAt: now.toISOString(), items };
  await run(TICKETS, 'readwrite', (store) => store.put(saved));
}

export async function loadTickets(uid: string): Promise<SavedTickets | null> {
  return (await run<SavedTickets | undefined>(TICKETS, 'readonly', (store) => store.get(uid))) ?? null;
}

export async function queueCheckin(scan: Omit<QueuedCheckin, 'id'>): Promise<number> {
  return Number(await run(CHECKINS, 'readwrite', (store) => store.add(scan)));
}

export async function queuedCheckins(hostUid: string, activityId?: string): Promise<QueuedCheckin[]> {
  const all = await run<QueuedCheckin[]>(CHECKINS, 'readonly', (store) => store.getAll());
  return all.filter((scan) => scan.hostUid === hostUid && (activityId === undefined || scan.activityId === activityId));
}

export async function removeCheckin(id: number): Promise<void> {
  await run(CHECKINS, 'readwrite', (store) => store.delete(id));
}

/**
 * At logout the saved tickets go. Queued scans stay (each names its organizer and syncs only in their session):
 * dropping them would lose check-ins that happened.
 */
export async function forgetTickets(): Promise<void> {
  await run(TICKETS, 'readwrite', (store) => store.clear());
}
