import { activityApi } from '@polaris/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { hostKeys } from '@/api/activity-manage.ts';
import { api } from '@/api/request.ts';
import { type SyncOutcome, syncCheckins } from '@/lib/checkin-sync.ts';
import { queueCheckin, queuedCheckins } from '@/lib/offline-store.ts';
import { useSession } from '@/lib/session.ts';

/** Whether the browser says it has a network, kept current. */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/**
 * The scan page's offline queue (docs/app-platform.md "Offline check-in"): scans made without a network are kept
 * in IndexedDB with their time, and sent when the network is back (on the `online` event and on opening the
 * page), once; `synced` lists what the server made of them.
 */
export function useCheckinQueue(activityId: string) {
  const uid = useSession((state) => state.userInfo?.uid) ?? '';
  const online = useOnline();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(0);
  const [synced, setSynced] = useState<SyncOutcome[]>([]);

  const count = useCallback(async () => {
    if (uid) setPending((await queuedCheckins(uid, activityId)).length);
  }, [uid, activityId]);

  const sync = useCallback(async () => {
    if (!uid || !navigator.onLine) return;
    const outcomes = await syncCheckins(uid, (scan) => api.call(activityApi.checkin, scan, { silent: true }));
    const mine = outcomes.filter((outcome) => outcome.scan.activityId === activityId);
    if (mine.length > 0) {
      setSynced((previous) => [...mine, ...previous].slice(0, 20));
      void queryClient.invalidateQueries({ queryKey: hostKeys.overview(activityId) });
    }
    await count();
  }, [uid, activityId, queryClient, count]);

  useEffect(() => {
    void count().catch(() => undefined);
  }, [count]);
  useEffect(() => {
    if (online) void sync().catch(() => undefined);
  }, [online, sync]);

  /** Keeps a scan for later; false when the same code already waits in the queue. */
  const queue = useCallback(
    async (ticketCode: string): Promise<boolean> => {
      const waiting = await queuedCheckins(uid, activityId);
      if (waiting.some((scan) => scan.ticketCode === ticketCode)) return false;
      await queueCheckin({ hostUid: uid, activityId, ticketCode, scannedAt: new Date().toISOString() });
      await count();
      return true;
    },
    [uid, activityId, count],
  );

  return { online, pending, synced, queue };
}
