import { useEffect, useState } from 'react';
import type { Ticket } from '@/api/activity.ts';
import { loadTickets, type SavedTickets, saveTickets } from '@/lib/offline-store.ts';

/**
 * The upcoming tickets kept for use without a network (docs/app-platform.md "Offline tickets"): each list the
 * server sends is saved for the signed-in user, and the last one saved is read back for when it cannot send one.
 * Only what the page already showed is kept; nothing is fetched for it.
 */
export function useOfflineTickets(uid: string | undefined, fresh: Ticket[] | undefined): SavedTickets | null {
  const [saved, setSaved] = useState<SavedTickets | null>(null);
  useEffect(() => {
    if (!uid) return;
    let live = true;
    loadTickets(uid)
      .then((found) => live && setSaved(found))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [uid]);
  useEffect(() => {
    if (uid && fresh) void saveTickets(uid, fresh).catch(() => undefined);
  }, [uid, fresh]);
  return saved;
}
