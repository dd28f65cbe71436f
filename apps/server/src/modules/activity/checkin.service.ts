import { CHECKIN_OPENS_BEFORE_START_MS, CHECKIN_SCAN_MAX_AGE_MS, SIGN_CODE_WINDOW_MS, Status } from '@polaris/contract';
import type { Database } from '../../db/client.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import type { Links } from '../../platform/links.ts';
import type { InviteService } from '../invite/service.ts';
import { type ActivityRow, peopleById, ticketTypeName } from './activities.store.ts';
import { presentCheckin } from './checkin.presenter.ts';
import { signCodeAt, signCodeMatches, signWindow, verifyTicketQr } from './codes.ts';
import { deposits } from './deposit.ts';
import { chainTokenId, newNftPublicId } from './nft-token.ts';
import { burnNft, mintNft } from './nfts.store.ts';
import type { ActivityNoticeService } from './notify.service.ts';
import { checkInRefusal } from './policy.ts';
import {
  liveRegistrationOf,
  markCheckedIn,
  type RegistrationRow,
  registrationByCode,
  registrationById,
  undoCheckIn,
} from './registrations.store.ts';
import { activityAllowing, managedActivity, visibleActivity } from './service.ts';

const ticketUnknown = () => new AppError(Status.notFound, 'activity.ticketUnknown');

/**
 * Check-in and the attendance collectible it mints. A ticket checks in once: the write is a conditional
 * update (`where checked_in_at is null`), so of two scans at the same moment exactly one succeeds.
 */
export class CheckinService {
  constructor(
    private readonly deps: {
      db: Database;
      now: () => Date;
      links: Links;
      /** Told of every check-in in its transaction (a first one may earn an invite reward), then asked to pay it. */
      invites: Pick<InviteService, 'qualify' | 'settle'>;
      /** Tells the holder (and their open ticket screen) after the commit (notify.service.ts). */
      notices?: ActivityNoticeService;
      /** The catalogue's chain attendance NFTs are minted on (CHAIN_NFT); without one they stay rows, as ever. */
      nftChainId?: number | undefined;
    },
  ) {}

  private get db() {
    return this.deps.db;
  }

  /**
   * A host scans a ticket's QR code, now or (a scan queued while the device was offline) at `scannedAt`. The
   * check-in keeps the scan's time, brought within the last week and not after now: a device clock that runs
   * ahead or a queue left for days must not write a time the server could not have seen.
   */
  async checkInTicket(hostId: number, code: string, payload: string, scannedAt?: string) {
    const activity = await activityAllowing(this.db, code, (found) => checkInRefusal(found, hostId));
    const ticketCode = verifyTicketQr(activity.row.checkinSecret, payload);
    if (!ticketCode) throw ticketUnknown();
    const registration = await registrationByCode(this.db, activity.row.id, ticketCode);
    if (!registration) throw ticketUnknown();
    return this.checkIn(activity.row, registration.id, hostId, scannedAt ? new Date(scannedAt) : undefined);
  }

  /** An attendee checks in with the code shown at the venue, from an hour before the start until the end. */
  async selfCheckIn(userId: number, code: string, signCode: string) {
    const activity = await visibleActivity(this.db, code, userId);
    const now = this.deps.now();
    const row = activity.row;
    if (row.status !== 'published') throw new AppError(Status.conflict, 'activity.cancelled');
    if (now.getTime() < row.startsAt.getTime() - CHECKIN_OPENS_BEFORE_START_MS || now >= row.endsAt) {
      throw new AppError(Status.conflict, 'activity.checkinClosed');
    }
    const mine = await liveRegistrationOf(this.db, row.id, userId);
    if (!mine) throw new AppError(Status.notFound, 'activity.notSignedUp');
    if (!signCodeMatches(row.checkinSecret, signCode, now)) {
      throw new FieldsError([{ field: 'signCode', messageKey: 'activity.signCodeWrong' }]);
    }
    return this.checkIn(row, mine.id, userId);
  }

  private async checkIn(activity: ActivityRow, registrationId: number, actorId: number, scannedAt?: Date) {
    const now = this.deps.now();
    const at = scannedAt ? clampScanTime(scannedAt, now) : now;
    const result = await this.db.transaction(async (tx) => {
      const done = await markCheckedIn(tx, registrationId, actorId, at, now);
      if (!done) {
        const current = await registrationById(tx, registrationId);
        if (current?.checkedInAt) throw new AppError(Status.conflict, 'activity.alreadyCheckedIn');
        throw new AppError(Status.conflict, 'activity.ticketNotValid');
      }
      // Coming is what the deposit asked: it goes back at the door (docs/activities.md "No-show deposit").
      await deposits.giveBack(tx, registrationId, 'checkedIn', actorId, now);
      const nft = await mintNft(tx, {
        activityId: activity.id,
        registrationId,
        ownerId: done.userId,
        mintedAt: now,
        ...this.onChain(done),
      });
      await this.deps.invites.qualify(tx, {
        trigger: 'checkin',
        userId: done.userId,
        reference: `registration:${registrationId}`,
        organizerId: activity.organizerId,
      });
      await this.deps.notices?.later(tx, 'activity.checkedIn', { registrationId });
      return { registration: done, nft };
    });
    await this.deps.invites.settle(result.registration.userId);
    const typeName = await ticketTypeName(this.db, result.registration.ticketTypeId);
    const person = (await peopleById(this.db, [result.registration.userId])).get(result.registration.userId)!;
    return presentCheckin(
      this.deps.links,
      { registrationId, person, ticketType: typeName ?? '', at, nft: result.nft },
      activity,
    );
  }

  /**
   * A token's place in the chain's mint queue (nft-chain.service.ts), to the address the holder chose or to our
   * custody; its token id derives from its public id (nft-token.ts), so the public id is made here.
   */
  private onChain(registration: RegistrationRow) {
    const chainId = this.deps.nftChainId;
    if (chainId === undefined) return {};
    const publicId = newNftPublicId();
    return {
      publicId,
      chainState: 'queued' as const,
      chainId,
      chainTokenId: chainTokenId(publicId).toString(),
      ownerAddress: registration.nftAddress,
    };
  }

  /**
   * Undo a check-in (a mistaken scan): the ticket is valid again and its collectible is burned (on a chain: dequeued
   * before its mint, burned on the chain after it).
   */
  async undo(hostId: number, code: string, registrationId: number) {
    const activity = await managedActivity(this.db, code, hostId);
    const now = this.deps.now();
    await this.db.transaction(async (tx) => {
      if (!(await undoCheckIn(tx, activity.row.id, registrationId, now))) {
        throw new AppError(Status.conflict, 'activity.notCheckedIn');
      }
      await burnNft(tx, registrationId, now);
    });
    await this.deps.notices?.ticketChanged(registrationId);
    return {};
  }

  /** The rotating code hosts show at the venue. */
  async signCode(hostId: number, code: string) {
    const activity = await managedActivity(this.db, code, hostId);
    const now = this.deps.now();
    const window = signWindow(now);
    return {
      code: signCodeAt(activity.row.checkinSecret, window),
      expiresIn: Math.ceil(((window + 1) * SIGN_CODE_WINDOW_MS - now.getTime()) / 1000),
    };
  }
}

function clampScanTime(scannedAt: Date, now: Date): Date {
  const earliest = now.getTime() - CHECKIN_SCAN_MAX_AGE_MS;
  return new Date(Math.min(now.getTime(), Math.max(earliest, scannedAt.getTime())));
}
