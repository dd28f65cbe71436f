import { API_BASE, href, PATHS, type ShareTarget, shareRoute, shortLink } from '@polaris/contract';

/**
 * Where links point: the public URL with the web app's hash route. What people share (the share buttons' links)
 * is the short form on `SHORT_LINK_HOST` (`share()`), which the share module answers: a preview for crawlers, a
 * redirect to `appRoute()` for people (docs/new-user-polish.md "links").
 */
export class Links {
  readonly shortHost: string;

  constructor(
    readonly publicUrl: string,
    shortHost?: string,
  ) {
    this.shortHost = (shortHost ?? publicUrl).replace(/\/+$/, '');
  }

  /** The short link of something people share: `<SHORT_LINK_HOST>/s/<code>`. */
  share(target: ShareTarget): string {
    return shortLink(this.shortHost, target);
  }

  /** The page of the web app a short link opens. */
  appRoute(target: ShareTarget): string {
    return `${this.publicUrl}/#${shareRoute(target)}`;
  }

  activity(code: string, invite?: string): string {
    return `${this.publicUrl}/#${href(PATHS.activityDetails, { id: code, invite })}`;
  }

  /** A red packet's page: its password (for a password packet) is told apart, never put in the link. */
  redPacket(code: string): string {
    return `${this.publicUrl}/#${href(PATHS.redEnvelopePassword, { redpacketCode: code })}`;
  }

  bounty(id: string): string {
    return `${this.publicUrl}/#${href(PATHS.bountyDetail, { id })}`;
  }

  /**
   * An uploaded image as the app shows it: a path on this server, never an absolute URL, so the page loads it
   * from whatever origin it came from (127.0.0.1, a LAN address, the public name) under its `img-src 'self'`;
   * a native shell puts the API's origin in front (web `apiAsset`). What leaves the device uses `absolute()`.
   */
  imagePath(id: string, width: number): string {
    return `${API_BASE}/activity/image/${id}/${width}.webp`;
  }

  /** An attendance NFT's picture, as the app shows it (a path, as `imagePath`). */
  nftImagePath(publicId: string): string {
    return `${API_BASE}/activity/nft/${publicId}/image.svg`;
  }

  /** The picture in an NFT's metadata, read by wallets and marketplaces elsewhere: on the public URL. */
  nftImage(publicId: string): string {
    return this.absolute(this.nftImagePath(publicId));
  }

  /** A path of ours on the public URL, for what leaves the device (previews for crawlers, mail, metadata). */
  absolute(pathOrUrl: string): string {
    return pathOrUrl.startsWith('/') && !pathOrUrl.startsWith('//') ? `${this.publicUrl}${pathOrUrl}` : pathOrUrl;
  }

  nftMetadata(publicId: string): string {
    return `${this.publicUrl}${API_BASE}/activity/nft/${publicId}/metadata.json`;
  }

  /**
   * The attendance NFT contract's base URI (`npm run chain:nft-deploy`): its `tokenURI(id)` is this and the decimal
   * token id, which the activity module answers with the token's metadata.
   */
  nftTokenMetadataBase(): string {
    return `${this.publicUrl}${API_BASE}/nft/metadata/`;
  }

  calendarFeed(token: string): string {
    return `${this.publicUrl}${API_BASE}/calendar/feed/${token}.ics`;
  }

  /** The public feed of what a person organizes or co-hosts (their 8–15 digit uid). */
  organizerFeed(uid: number | string): string {
    return `${this.publicUrl}${API_BASE}/calendar/organizer/${uid}.ics`;
  }

  /** The public feed of a city's activities (the city as activities name it). */
  cityFeed(city: string): string {
    return `${this.publicUrl}${API_BASE}/calendar/city/${encodeURIComponent(city)}.ics`;
  }

  /** The page another site frames to list an organizer's upcoming activities (docs/activities.md "Embedding"). */
  embedPage(uid: number | string): string {
    return `${this.publicUrl}${API_BASE}/embed/organizer/${uid}`;
  }

  /** The one-line script that puts `embedPage` on another site and sizes its frame. */
  embedScript(): string {
    return `${this.publicUrl}${API_BASE}/embed/listing.js`;
  }

  /** The sign-up page with an invite code filled in. */
  register(inviteCode: string): string {
    return `${this.publicUrl}/#${href(PATHS.register, { inviteCode })}`;
  }
}
