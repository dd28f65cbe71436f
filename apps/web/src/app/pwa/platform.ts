import { activityApi } from '@polaris/contract';
import { api } from '@/api/request.ts';
import { i18n } from '@/i18n/index.ts';
import { type SendCheckin, syncCheckins } from '@/lib/checkin-sync.ts';
import { forgetTickets } from '@/lib/offline-store.ts';
import { sessionStore } from '@/lib/session.ts';
import { reportDevice } from './device.ts';
import { registerServiceWorker } from './service-worker.ts';
import { checkForUpdate } from './update.ts';

const sendCheckin: SendCheckin = (scan) => api.call(activityApi.checkin, scan, { silent: true });

/** Sends the signed-in organizer's queued scans, if any; quiet, the scan page shows what became of them. */
function syncQueuedCheckins(): void {
  const uid = sessionStore.getState().userInfo?.uid;
  if (uid && sessionStore.getState().loginStatus && navigator.onLine) {
    void syncCheckins(uid, sendCheckin).catch(() => undefined);
  }
}

/** Started once, after the first screen (start.ts). Each piece fails on its own without touching the others. */
export async function start(): Promise<void> {
  await registerServiceWorker().catch(() => null);
  void reportDevice(i18n.language).catch(() => undefined);
  void checkForUpdate();
  syncQueuedCheckins();
  window.addEventListener('online', syncQueuedCheckins);
  sessionStore.subscribe((state, previous) => {
    if (previous.token && !state.token) void forgetTickets().catch(() => undefined);
  });
}
