import type { CheckinOutput } from '@polaris/contract';
import { type ApiError, isApiError } from '@/lib/api-error.ts';
import { type QueuedCheckin, queuedCheckins, removeCheckin } from './offline-store.ts';

type CheckinResult = ReturnType<(typeof CheckinOutput)['parse']>;

/** How a queued scan ended once sent: checked in, or a definite refusal (already checked in, not a ticket…). */
export type SyncOutcome =
  | { scan: QueuedCheckin; kind: 'ok'; result: CheckinResult }
  | { scan: QueuedCheckin; kind: 'refused'; status: number; message: string };

export type SendCheckin = (scan: Omit<QueuedCheckin, 'id' | 'hostUid'>) => Promise<CheckinResult>;

let running: Promise<SyncOutcome[]> | null = null;

/**
 * Sends an organizer's queued scans, oldest first, each with its scan time, and removes each once the server has
 * decided it: a check-in, or a refusal that retrying cannot change (already checked in, unknown ticket). A network
 * failure stops the run and keeps the rest for the next one. One run at a time in this tab, and across tabs under
 * a Web Lock where the browser has them; a scan sent twice all the same (a tab closed between the answer and the
 * removal) is a no-op on the server, which checks a ticket in once and answers "already checked in".
 */
export function syncCheckins(hostUid: string, send: SendCheckin): Promise<SyncOutcome[]> {
  running ??= withLock(() => drain(hostUid, send)).finally(() => {
    running = null;
  });
  return running;
}

async function withLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return work();
  return locks.request('polaris-checkin-sync', work) as Promise<T>;
}

async function drain(hostUid: string, send: SendCheckin): Promise<SyncOutcome[]> {
  const outcomes: SyncOutcome[] = [];
  for (const scan of await queuedCheckins(hostUid)) {
    let outcome: SyncOutcome;
    try {
      const result = await send({
        activityId: scan.activityId,
        ticketCode: scan.ticketCode,
        scannedAt: scan.scannedAt,
      });
      outcome = { scan, kind: 'ok', result };
    } catch (error) {
      if (!isDecided(error)) break;
      outcome = { scan, kind: 'refused', status: error.status, message: error.message };
    }
    await removeCheckin(scan.id);
    outcomes.push(outcome);
  }
  return outcomes;
}

/** The server looked at the scan and said no (409, 404, 400, 403): sending it again would get the same answer. */
function isDecided(error: unknown): error is ApiError {
  return isApiError(error) && (error.kind === 'quiet' || error.kind === 'invalid' || error.status === 403);
}
