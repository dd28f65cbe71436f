import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { type Language, Status, translate } from '@polaris/contract';
import sharp from 'sharp';
import type { Database } from '../../db/client.ts';
import { REPO_ROOT } from '../../paths.ts';
import { AppError } from '../../platform/errors.ts';
import type { Links } from '../../platform/links.ts';
import { detachedSigner } from '../../platform/pkcs7.ts';
import { cityName } from '../../platform/places/cities.ts';
import { type ActivityRow, peopleById, ticketTypeById } from './activities.store.ts';
import { ticketQr } from './codes.ts';
import { type GoogleWalletConfig, googleSaveUrl } from './google-wallet.ts';
import { liveRegistrationOf, type RegistrationRow } from './registrations.store.ts';
import { visibleActivity } from './service.ts';
import type { ApplePassConfig } from './wallet-pass.config.ts';
import { issuePass, type StoredPass } from './wallet-pass.store.ts';
import { buildPkpass, type PassIdentity, type PassImages, type TicketPassFacts } from './wallet-pass.ts';

/**
 * An Apple pass's serial: the ticket and a digest of its code. A ticket given away gets a new code, so the giver's
 * pass no longer names the ticket as it is and is served voided, while the recipient's is a pass of its own.
 */
function applePassSerial(registration: Pick<RegistrationRow, 'id' | 'code'>): string {
  return `ticket-${registration.id}-${createHash('sha256').update(`pass:${registration.code}`).digest('hex').slice(0, 10)}`;
}

/** The app's icon, which the pass's icon and logo are made from. */
const APP_ICON = path.join(REPO_ROOT, 'apps/web/public/icon-512.png');

export interface WalletPassDeps {
  db: Database;
  now: () => Date;
  links: Links;
  apple: ApplePassConfig | undefined;
  google?: GoogleWalletConfig | undefined;
}

/** A confirmed ticket as an Apple Wallet pass or a Google Wallet link (docs/activities.md "Wallet passes"). */
export class WalletPassService {
  private readonly identity: PassIdentity | undefined;
  private images: Promise<PassImages> | undefined;

  constructor(private readonly deps: WalletPassDeps) {
    const apple = deps.apple;
    this.identity = apple && {
      passTypeIdentifier: apple.passTypeIdentifier,
      teamIdentifier: apple.teamIdentifier,
      organizationName: 'Polaris',
      sign: detachedSigner(apple.identity),
    };
  }

  /** Whether passes can be made here (the web shows the button only then). */
  get appleEnabled(): boolean {
    return this.identity !== undefined;
  }

  /** The pass type every pass made here has (the PassKit web service answers for it alone). */
  get passTypeIdentifier(): string | undefined {
    return this.identity?.passTypeIdentifier;
  }

  /** Whether "save to Google Wallet" links can be made here. */
  get googleEnabled(): boolean {
    return this.deps.google !== undefined;
  }

  /**
   * The caller's confirmed ticket to an activity as a signed .pkpass, its words in the caller's language; the pass
   * is recorded (once) with its token for the PassKit web service.
   */
  async applePass(userId: number, activityCode: string, language: Language): Promise<Buffer> {
    if (!this.identity) throw new AppError(Status.notFound, 'http.404');
    const { row, registration, organizerId } = await this.confirmedTicket(userId, activityCode);
    const pass = await issuePass(
      this.deps.db,
      {
        serial: applePassSerial(registration),
        registrationId: registration.id,
        authToken: randomBytes(24).toString('base64url'),
        language,
      },
      this.deps.now(),
    );
    return this.build(pass, row, registration, organizerId);
  }

  /**
   * A recorded pass as it is now, for the web service: voided once the ticket is cancelled, given away (its code
   * changed) or the activity cancelled; its words in the language it was first issued in.
   */
  async build(pass: StoredPass, row: ActivityRow, registration: RegistrationRow, organizerId: number) {
    const identity = this.identity;
    if (!identity) throw new AppError(Status.notFound, 'http.404');
    const voided =
      registration.status !== 'approved' || row.status === 'cancelled' || applePassSerial(registration) !== pass.serial;
    const facts = await this.facts(row, registration, organizerId, pass.language as Language);
    const webService = { url: new URL(this.deps.links.publicUrl).origin, authenticationToken: pass.authToken };
    return buildPkpass(
      { ...facts, serialNumber: pass.serial, webService, ...(voided ? { voided, barcode: null } : {}) },
      identity,
      await this.passImages(),
      this.deps.now(),
    );
  }

  /** The caller's confirmed ticket as a "save to Google Wallet" link (a JWT the service account signed). */
  async googleWallet(userId: number, activityCode: string, language: Language): Promise<{ url: string }> {
    const google = this.deps.google;
    if (!google) throw new AppError(Status.notFound, 'http.404');
    const facts = await this.ticketFacts(userId, activityCode, language);
    const origin = new URL(this.deps.links.publicUrl).origin;
    return { url: googleSaveUrl(facts, google, { origin, language, now: this.deps.now() }) };
  }

  /** The caller's confirmed ticket; anything else is "not signed up". */
  private async confirmedTicket(userId: number, activityCode: string) {
    const activity = await visibleActivity(this.deps.db, activityCode, userId);
    const registration = await liveRegistrationOf(this.deps.db, activity.row.id, userId);
    if (registration?.status !== 'approved') {
      throw new AppError(Status.notFound, 'activity.notSignedUp');
    }
    return { row: activity.row, registration, organizerId: activity.organizerId };
  }

  /** What either wallet shows of the caller's confirmed ticket. */
  private async ticketFacts(userId: number, activityCode: string, language: Language) {
    const { row, registration, organizerId } = await this.confirmedTicket(userId, activityCode);
    return this.facts(row, registration, organizerId, language);
  }

  private async facts(
    row: ActivityRow,
    registration: RegistrationRow,
    organizerId: number,
    language: Language,
  ): Promise<TicketPassFacts & { activityCode: string; barcode: string }> {
    const [people, type] = await Promise.all([
      peopleById(this.deps.db, [organizerId]),
      ticketTypeById(this.deps.db, registration.ticketTypeId),
    ]);
    const venue =
      [row.address, row.city === null ? null : cityName(row.city, language)].filter(Boolean).join(', ') ||
      (row.onlineUrl !== null ? translate(language, 'share.online') : null);
    const label = (key: string) => translate(language, `walletPass.${key}`);
    return {
      activityCode: row.code,
      serialNumber: `ticket-${registration.id}`,
      barcode: ticketQr(row.checkinSecret, registration.code),
      title: row.title,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      venue,
      location:
        row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null,
      organizerName: people.get(organizerId)?.name ?? '',
      ticketTypeName: type?.name ?? '',
      activityUrl: this.deps.links.activity(row.code),
      labels: {
        event: label('event'),
        starts: label('starts'),
        venue: label('venue'),
        ticket: label('ticket'),
        organizer: label('organizer'),
        link: label('link'),
      },
    };
  }

  /** Made once from the app's icon: 29/58 px icons and 160×50/320×100 logos, as Wallet lays them out. */
  private passImages(): Promise<PassImages> {
    this.images ??= (async () => {
      const square = (size: number) => sharp(APP_ICON).resize(size, size).png().toBuffer();
      const logo = (width: number, height: number) =>
        sharp(APP_ICON).resize(width, height, { fit: 'contain', background: '#ffffff00' }).png().toBuffer();
      const [icon, icon2, logo1, logo2] = await Promise.all([square(29), square(58), logo(160, 50), logo(320, 100)]);
      return { 'icon.png': icon, 'icon@2x.png': icon2, 'logo.png': logo1, 'logo@2x.png': logo2 };
    })();
    return this.images;
  }
}
