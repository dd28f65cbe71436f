import { randomBytes } from 'node:crypto';
import { Status, type TicketNft } from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import type { Links } from '../../platform/links.ts';
import { isValidAddress, normalizeAddress } from '../wallet/service.ts';
import { nftMetadata } from './checkin.presenter.ts';
import { NFT_REF_PREFIX, type NftBatchOutcome, type NftChainPort } from './nft-chain.port.ts';
import { OFF_CHAIN, presentTicketNft } from './nft-chain.presenter.ts';
import {
  anyDue,
  chainNftOf,
  claimDue,
  liveNftByChainTokenId,
  liveNftOf,
  markInBatch,
  setNftAddress,
  setQueuedOwnerAddress,
  settleBurn,
  settleMint,
} from './nft-chain.store.ts';
import { parseChainTokenId } from './nft-token.ts';
import { liveRegistrationOf, type RegistrationRow } from './registrations.store.ts';
import { visibleActivity } from './service.ts';

/** Tokens per batch transaction: one `mintBatch` or `burnBatch` call. */
const BATCH_SIZE = 50;

const notFound = () => new AppError(Status.notFound, 'http.404');

/**
 * Attendance NFTs on a chain (CHAIN_NFT; docs/activities.md, "Check-in and NFTs").
 *
 * Where the work lives: this module owns the tokens' rows, so it keeps their on-chain state and runs the worker that
 * batches them; the chain module only signs a batch from the hot wallet and reports its settlement, through the
 * port this module defines (nft-chain.port.ts), implemented in chain/nft.service.ts. The chain module keeps no table
 * of mint jobs and never writes ours.
 *
 * A check-in queues its token (checkin.service.ts); a run of `signDue` takes up to 50 queued tokens into one signed
 * `mintBatch` (minting) and up to 50 queued burns into one `burnBatch` (burning); the sender broadcasts, replaces and
 * settles them, and `settle` makes them minted or burned (or queued again when the batch reverted). Tokens go to our
 * custody address (the hot wallet) unless the holder chose an address of their own before the mint.
 */
export class NftChainService {
  constructor(private readonly deps: { db: Database; now: () => Date; links: Links; chain: NftChainPort | undefined }) {
    deps.chain?.onSettled((tx, outcome) => this.settle(tx, outcome));
  }

  private get db() {
    return this.deps.db;
  }

  /** The catalogue's chain NFTs are minted on; undefined off chain. */
  get chainId(): number | undefined {
    return this.deps.chain?.chainId;
  }

  /** One worker run: a mint batch and a burn batch, each signed and written in one transaction. */
  async signDue(limit = BATCH_SIZE): Promise<{ minting: number; burning: number }> {
    const chain = this.deps.chain;
    if (!chain || !(await anyDue(this.db, chain.chainId))) return { minting: 0, burning: 0 };
    // Fees are read from the node here, before any transaction opens.
    const signer = await chain.signer();
    const custody = chain.custodyAddress;
    if (!signer || !custody) return { minting: 0, burning: 0 };
    const minting = await this.db.transaction(async (tx) => {
      const due = await claimDue(tx, chain.chainId, 'queued', limit);
      if (due.length === 0) return 0;
      const ref = batchRef('mint');
      const items = due.map((row) => ({ tokenId: BigInt(row.chainTokenId!), to: row.ownerAddress ?? custody }));
      const mintTx = await signer.mint(tx, ref, items);
      await markInBatch(
        tx,
        due.map((row) => row.tokenId),
        { state: 'minting', ref, mintTx },
      );
      return due.length;
    });
    const burning = await this.db.transaction(async (tx) => {
      const due = await claimDue(tx, chain.chainId, 'burn_queued', limit);
      if (due.length === 0) return 0;
      const ref = batchRef('burn');
      const burnTx = await signer.burn(
        tx,
        ref,
        due.map((row) => BigInt(row.chainTokenId!)),
      );
      await markInBatch(
        tx,
        due.map((row) => row.tokenId),
        { state: 'burning', ref, burnTx },
      );
      return due.length;
    });
    return { minting, burning };
  }

  /** The sender settled a batch (in its transaction): the mined attempt's hash, and whether it succeeded. */
  private async settle(tx: Tx, outcome: NftBatchOutcome): Promise<void> {
    const kind = outcome.ref.split(':')[1];
    if (kind === 'mint') await settleMint(tx, outcome.ref, outcome);
    else if (kind === 'burn') await settleBurn(tx, outcome.ref, outcome);
  }

  /** The caller's ticket's NFT on the chain, for the ticket page; nothing off chain. */
  async ticketNft(userId: number, code: string): Promise<TicketNft> {
    const activity = await visibleActivity(this.db, code, userId);
    const registration = await liveRegistrationOf(this.db, activity.row.id, userId);
    if (!registration) throw new AppError(Status.notFound, 'activity.notSignedUp');
    return this.view(this.db, registration);
  }

  /**
   * The holder chooses the address their attendance NFT is minted to (null: our custody address), any time before it
   * is in a mint batch: kept on the ticket for its check-in, and on its token while that is still queued.
   */
  async setAddress(userId: number, code: string, address: string | null): Promise<TicketNft> {
    if (!this.deps.chain) throw new AppError(Status.conflict, 'activity.nftOffChain');
    const given = address?.trim() || null;
    if (given !== null && !isValidAddress('evm', given)) {
      throw new FieldsError([{ field: 'address', messageKey: 'activity.nftAddressInvalid' }]);
    }
    const chosen = given === null ? null : normalizeAddress('evm', given);
    const activity = await visibleActivity(this.db, code, userId);
    return this.db.transaction(async (tx) => {
      // The place first: a check-in locks it too, so its token is either made with this address or found below.
      const registration = await setNftAddress(tx, activity.row.id, userId, chosen, this.deps.now());
      if (!registration) throw new AppError(Status.notFound, 'activity.notSignedUp');
      const live = await liveNftOf(tx, registration.id);
      if (live && !(await setQueuedOwnerAddress(tx, registration.id, chosen))) {
        throw new AppError(Status.conflict, 'activity.nftAddressLocked');
      }
      return this.view(tx, registration);
    });
  }

  private async view(db: Database | Tx, registration: RegistrationRow): Promise<TicketNft> {
    const chain = this.deps.chain;
    if (!chain) return OFF_CHAIN;
    const shown = await chainNftOf(db, registration.id);
    const live = await liveNftOf(db, registration.id);
    return presentTicketNft(chain, shown, {
      address: registration.nftAddress,
      canSetAddress: !live || live.chainState === 'queued',
    });
  }

  /** The contract's `tokenURI`: the same public metadata as the public-id link, found by the token id. */
  async metadataByTokenId(text: string) {
    const chain = this.deps.chain;
    const tokenId = parseChainTokenId(text);
    if (!chain || tokenId === null) throw notFound();
    const row = await liveNftByChainTokenId(this.db, chain.chainId, tokenId);
    if (!row) throw notFound();
    return nftMetadata(this.deps.links, row.nft, row.activity, row.uid);
  }
}

/** A batch's reference in the sender's table: `nft:mint:<random>`; the prefix routes its settlement back here. */
const batchRef = (kind: 'mint' | 'burn') => `${NFT_REF_PREFIX}:${kind}:${randomBytes(8).toString('hex')}`;
