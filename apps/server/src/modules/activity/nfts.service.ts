import { Status } from '@polaris/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { Links } from '../../platform/links.ts';
import { nftBadgeSvg, nftMetadata, presentNft } from './checkin.presenter.ts';
import { liveNftByPublicId, nftsOf, setOwnerPublic } from './nfts.store.ts';

const notFound = () => new AppError(Status.notFound, 'http.404');

/** Attendance NFTs: the holder's list and privacy, and the public badge and metadata behind an unguessable id. */
export class NftService {
  constructor(private readonly deps: { db: Database; links: Links }) {}

  async myNfts(userId: number, cursor: string | undefined, limit: number) {
    const before = cursor && /^\d{1,15}$/.test(cursor) ? Number(cursor) : null;
    const rows = await nftsOf(this.deps.db, userId, { before, limit: limit + 1 });
    const page = rows.slice(0, limit);
    return {
      items: page.map((row) => presentNft(this.deps.links, row.nft, row.activity, row.uid)),
      nextCursor: rows.length > limit ? String(page[page.length - 1]!.nft.tokenId) : null,
    };
  }

  /** The holder chooses whether the public metadata of one of their tokens names them. */
  async setOwnerVisibility(userId: number, tokenId: number, visible: boolean) {
    const nft = await setOwnerPublic(this.deps.db, userId, tokenId, visible);
    // Someone else's token answers the same as a token that does not exist.
    if (!nft) throw notFound();
    const { activity, uid } = await this.live(nft.publicId);
    return presentNft(this.deps.links, nft, activity, uid);
  }

  /** A live token by its public id; burned tokens are gone. */
  private async live(publicId: string) {
    const row = await liveNftByPublicId(this.deps.db, publicId);
    if (!row) throw notFound();
    return row;
  }

  async metadata(publicId: string) {
    const { nft, activity, uid } = await this.live(publicId);
    return nftMetadata(this.deps.links, nft, activity, uid);
  }

  async image(publicId: string): Promise<string> {
    return nftBadgeSvg((await this.live(publicId)).activity);
  }
}
