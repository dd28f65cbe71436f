import { createHash, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import type { WalletPassService } from './wallet-pass.service.ts';
import {
  devicePassesSince,
  passBySerial,
  passSubject,
  registerDevice,
  type StoredPass,
  unregisterDevice,
} from './wallet-pass.store.ts';

/** What Apple's devices send, checked before anything is looked up: every segment and header is someone's input. */
export const PASSKIT_INPUT = {
  device: /^[A-Za-z0-9._-]{1,128}$/,
  passType: /^pass\.[A-Za-z0-9.-]{1,200}$/,
  serial: /^ticket-\d{1,18}-[0-9a-f]{10}$/,
  pushToken: /^[0-9A-Fa-f]{16,200}$/,
  authorization: /^ApplePass ([A-Za-z0-9_-]{16,128})$/,
  tag: /^\d{1,15}$/,
};

/** An answer of the web service: a bare status (Apple's devices read no body on errors) or one with a body. */
type Answer<T = never> = { status: 200 | 201 | 204 | 304 | 401 | 404 } | ({ status: 200 } & T);

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Apple's "Wallet Passes web service" (https://developer.apple.com/documentation/walletpasses/adding-a-web-service-to-update-passes):
 * phones register for the updates of a pass with its `authenticationToken`, ask which of their passes changed since
 * the tag they last had, and fetch a pass as it is now. The routes are in passkit.routes.ts.
 */
export class PassKitService {
  constructor(
    private readonly deps: {
      db: Database;
      now: () => Date;
      passes: WalletPassService;
    },
  ) {}

  private get passType() {
    return this.deps.passes.passTypeIdentifier;
  }

  /** The pass when the token is its own (compared in constant time); undefined for any mismatch. */
  private async authorized(passType: string, serial: string, authorization: string | undefined) {
    if (passType !== this.passType) return undefined;
    const token = PASSKIT_INPUT.authorization.exec(authorization ?? '')?.[1];
    if (!token) return undefined;
    const pass = await passBySerial(this.deps.db, serial);
    // An unknown serial is compared too, so the answer's time does not tell which serials exist.
    const expected = digest(pass?.authToken ?? '\u0000');
    return timingSafeEqual(expected, digest(token)) && pass ? pass : undefined;
  }

  /** 201 when the phone now follows the pass, 200 when it already did (its push token updated), 401 otherwise. */
  async register(
    device: string,
    passType: string,
    serial: string,
    authorization: string | undefined,
    pushToken: string,
  ): Promise<Answer> {
    const pass = await this.authorized(passType, serial, authorization);
    if (!pass) return { status: 401 };
    const created = await registerDevice(
      this.deps.db,
      { deviceLibraryId: device, serial: pass.serial, pushToken },
      this.deps.now(),
    );
    return { status: created ? 201 : 200 };
  }

  async unregister(device: string, passType: string, serial: string, authorization: string | undefined) {
    const pass = await this.authorized(passType, serial, authorization);
    if (!pass) return { status: 401 } as const;
    await unregisterDevice(this.deps.db, device, pass.serial);
    return { status: 200 } as const;
  }

  /**
   * The serials of the phone's passes updated since the tag it last had (all without one), and the tag to send next
   * (the newest update, milliseconds since 1970); 204 when none.
   */
  async updatedSince(
    device: string,
    passType: string,
    tag: string | undefined,
  ): Promise<Answer<{ body: { serialNumbers: string[]; lastUpdated: string } }>> {
    if (passType !== this.passType) return { status: 404 };
    const since = tag === undefined ? null : new Date(Number(tag));
    const passes = await devicePassesSince(this.deps.db, device, since);
    if (passes.length === 0) return { status: 204 };
    const newest = Math.max(...passes.map((pass) => pass.updatedAt.getTime()));
    return { status: 200, body: { serialNumbers: passes.map((pass) => pass.serial), lastUpdated: String(newest) } };
  }

  /** The pass as it is now, or 304 when it has not changed since `ifModifiedSince` (HTTP dates count whole seconds). */
  async latest(
    passType: string,
    serial: string,
    authorization: string | undefined,
    ifModifiedSince: string | undefined,
  ): Promise<Answer<{ body: Buffer; lastModified: string }>> {
    const pass = await this.authorized(passType, serial, authorization);
    if (!pass) return { status: 401 };
    const changedAt = Math.floor(pass.updatedAt.getTime() / 1000) * 1000;
    const seen = ifModifiedSince ? Date.parse(ifModifiedSince) : Number.NaN;
    if (!Number.isNaN(seen) && changedAt <= seen) return { status: 304 };
    return { status: 200, body: await this.current(pass), lastModified: new Date(changedAt).toUTCString() };
  }

  private async current(pass: StoredPass): Promise<Buffer> {
    const subject = (await passSubject(this.deps.db, pass.registrationId))!;
    return this.deps.passes.build(pass, subject.activity, subject.registration, subject.activity.organizerId);
  }
}
