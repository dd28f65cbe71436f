import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client.ts';
import type { Notifier } from '../notifications/events.ts';
import { deviceOf } from './device.ts';
import { recordDevice } from './devices.store.ts';
import { newDevice } from './events.ts';

/**
 * "Sign-in from a new device" (docs/notifications.md). Told of every sign-in after its session commits: the
 * account's first device is recorded without a notice (there is nothing to compare it with: the first sign-in,
 * or the first since this was deployed); a device the account has not used before is recorded and told to its
 * owner; a known one changes nothing.
 */
export class DeviceService {
  constructor(
    private readonly deps: {
      db: Database;
      now: () => Date;
      notifier?: Notifier;
      log?: FastifyBaseLogger;
      /** A new device holds money for a day (the security module's, docs/security-centre.md). */
      holds?: { holdIn(tx: Tx, userId: number, reason: 'newDevice'): Promise<void> };
    },
  ) {}

  /** Never throws: the session has committed, and a sign-in does not fail for want of a notice. */
  async signedIn(userId: number, userAgent: string | undefined): Promise<void> {
    try {
      const device = deviceOf(userAgent);
      // The device and its notice in one transaction: a device recorded is a device told.
      await this.deps.db.transaction(async (tx) => {
        const { added, known } = await recordDevice(tx, userId, device.fingerprint, this.deps.now());
        if (added && known > 0) {
          await this.deps.notifier?.notifyIn(tx, [newDevice(userId, device)]);
          await this.deps.holds?.holdIn(tx, userId, 'newDevice');
        }
      });
    } catch (error) {
      this.deps.log?.error({ err: error, userId }, 'could not record the device of a sign-in');
    }
  }
}
