import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client.ts';
import { Http2Apns, type PassPusher } from '../../platform/apns.ts';
import type { Notifier, OutboxHandlers } from '../notifications/events.ts';
import type { ApplePassConfig } from './wallet-pass.config.ts';
import { forgetPushToken, touchPasses } from './wallet-pass.store.ts';

/** APNs with the pass certificate where `APPLE_PASS_APNS_URL` is set; otherwise none, and start-up says so. */
export function applePassPusher(apple: ApplePassConfig | undefined, log: FastifyBaseLogger): PassPusher | undefined {
  if (!apple) return undefined;
  if (!apple.apnsUrl) {
    log.warn('Wallet passes: APPLE_PASS_APNS_URL is not set, so phones are not told of pass updates');
    return undefined;
  }
  return new Http2Apns({
    url: apple.apnsUrl,
    topic: apple.passTypeIdentifier,
    certificatePem: apple.identity.certificatePem,
    keyPem: apple.identity.keyPem,
    keyPassphrase: apple.identity.keyPassphrase,
    ...(apple.apnsCaPem ? { ca: [apple.apnsCaPem] } : {}),
  });
}

/** Changes that move the passes of every ticket of the activity: its time or venue, its cancellation. */
const WHOLE_ACTIVITY = new Set(['activity.changed', 'activity.cancelled']);
/** Changes of one ticket: cancelled by its holder, or given away (re-confirmed for the recipient under a new code). */
const ONE_TICKET = new Set(['activity.ticketCancelled', 'activity.signedUp']);

/**
 * Wallet pass updates (docs/activities.md "Wallet passes"): followed in the transaction of the change itself
 * (`ActivityEvents.onRecorded`), each pass of the tickets concerned gets a new update tag and each phone registered
 * for one gets an outbox row `walletPass.push` there, so a change that commits is pushed even if the process dies
 * the next instant. The notice outbox's worker in whichever process claims a row (SKIP LOCKED, under a lease)
 * sends its push through APNs; without APNs configured no row is written (nothing would send it), which start-up
 * logs once.
 */
export class WalletPassUpdates {
  constructor(
    private readonly deps: {
      db: Database;
      now: () => Date;
      log: FastifyBaseLogger;
      notifier: Pick<Notifier, 'later'>;
      pusher: PassPusher | undefined;
    },
  ) {}

  readonly topics = {
    'walletPass.push': (p: { pushToken: string }) => this.push(p.pushToken),
  } satisfies OutboxHandlers;

  /** An `ActivityEvents` recorder: runs inside the change's transaction. */
  readonly record = async (tx: Tx, topic: string, payload: unknown): Promise<void> => {
    const of = WHOLE_ACTIVITY.has(topic)
      ? { activityId: (payload as { activityId: number }).activityId }
      : ONE_TICKET.has(topic)
        ? { registrationId: (payload as { registrationId: number }).registrationId }
        : null;
    if (!of) return;
    const pushTokens = await touchPasses(tx, of, this.deps.now());
    if (!this.deps.pusher) return;
    for (const pushToken of pushTokens) await this.deps.notifier.later(tx, 'walletPass.push', { pushToken });
  };

  /** One push; a token APNs no longer knows is forgotten. Throws (the outbox tries again later) when APNs failed. */
  private async push(pushToken: string): Promise<void> {
    const pusher = this.deps.pusher;
    if (!pusher) throw new Error('Wallet pass pushes are not configured in this process');
    if ((await pusher.push(pushToken)) === 'gone') await forgetPushToken(this.deps.db, pushToken);
  }

  close(): void {
    this.deps.pusher?.close();
  }
}
