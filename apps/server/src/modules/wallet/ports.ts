import type { Tx } from '../../db/client.ts';

/**
 * What the wallet asks of modules above it, declared here so that the lowest money module imports none of them
 * (docs/modules.md "Between modules"): app-modules.ts hands it the invite, user and security services, which fit
 * these shapes. A module ring through types (wallet → invite → wallet) fails `npm run check`.
 */

/** A credited deposit, as the invite gift hears of it (a first large enough one may earn its inviter a reward). */
interface DepositQualification {
  trigger: 'deposit';
  userId: number;
  reference: string;
  assetCode: string;
  units: bigint;
}

export interface InviteRewards {
  /** Inside the deposit's transaction: records a reward it earns, if any. */
  qualify(tx: Tx, action: DepositQualification): Promise<void>;
  /** After the commit: pays a reward owed for this invitee. */
  settle(inviteeId: number): Promise<void>;
}

/** The transaction password gate (the security module's): refuses with the user's error when it does not match. */
export interface TradePasswordGate {
  verify(userId: number, password: string): Promise<void>;
}

/** Finds the account behind an email (the user module's): a simulated deposit's, refusing an unknown one; a transfer's. */
export interface AccountsByEmail {
  requireByEmail(email: string): Promise<{ id: number }>;
  idByEmail(email: string): Promise<number | undefined>;
}

/**
 * What a journal entry was for, as the wallet's records show it: the activity of a ticket, the bounty, the red
 * packet, the airdrop. Kept with the entry when it is written, so a record says what the money moved for at the
 * time (a title edited later leaves it be) and the records never read another module's tables (docs/decisions.md).
 */
export interface EntryPurpose {
  type: 'activity' | 'bounty' | 'redpacket' | 'airdrop';
  /** The id its page takes: an activity's code, a bounty's or airdrop's id, a red packet's code. */
  id: string;
  /** Its title when it has one, as it was when the money moved. */
  title: string | null;
}

/**
 * A module whose objects money moves for names them: for the ids of its references (`<kind>:<id>`, e.g. the `7` of
 * `bounty:7`), asked inside the transaction that posts the entry. The composition root registers one per
 * reference kind (`ledger.describeWith`).
 */
export type PurposeSource = (tx: Tx, ids: number[]) => Promise<Map<number, EntryPurpose>>;
