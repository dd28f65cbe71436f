import type { Links } from '../../platform/links.ts';
import { cityName, cityNames } from '../../platform/places/cities.ts';
import type { ActivityRow, PersonRow } from './activities.store.ts';
import type { NftRow } from './nfts.store.ts';
import { presentPerson } from './presenter.ts';

/** An attendance NFT as its holder sees it. */
export function presentNft(
  links: Links,
  nft: NftRow,
  activity: Pick<ActivityRow, 'code' | 'title' | 'startsAt' | 'city'>,
  ownerUid: number,
) {
  return {
    tokenId: String(nft.tokenId),
    image: links.nftImagePath(nft.publicId),
    metadataUrl: links.nftMetadata(nft.publicId),
    activity: {
      id: activity.code,
      title: activity.title,
      startsAt: activity.startsAt.toISOString(),
      city: activity.city,
      cityNames: cityNames(activity.city),
    },
    owner: { uid: String(ownerUid) },
    ownerPublic: nft.ownerPublic,
    mintedAt: nft.mintedAt.toISOString(),
  };
}

/** A check-in as the host's scanner shows it: who, which ticket, and the collectible it minted. */
export function presentCheckin(
  links: Links,
  checkin: { registrationId: number; person: PersonRow; ticketType: string; at: Date; nft: NftRow },
  activity: ActivityRow,
) {
  return {
    registrationId: String(checkin.registrationId),
    attendee: presentPerson(checkin.person),
    ticketType: checkin.ticketType,
    checkedInAt: checkin.at.toISOString(),
    nft: presentNft(links, checkin.nft, activity, checkin.person.uid),
  };
}

/**
 * ERC-721 style metadata (what `tokenURI` would return on chain). Anyone with the link may read it, so an
 * unlisted activity shows nothing that identifies it, and the holder is named only if they chose so.
 */
export function nftMetadata(links: Links, nft: NftRow, activity: ActivityRow, ownerUid: number) {
  const owner = nft.ownerPublic ? [{ trait_type: 'Owner', value: String(ownerUid) }] : [];
  const checkedIn = { trait_type: 'Checked in', value: nft.mintedAt.toISOString() };
  if (activity.visibility !== 'public') {
    return {
      name: 'Attendance',
      description: 'Proof of attendance at a private activity',
      image: links.nftImage(nft.publicId),
      attributes: [checkedIn, ...owner],
    };
  }
  return {
    name: `${activity.title} — attendance`,
    description: `Proof of attendance at ${activity.title}`,
    image: links.nftImage(nft.publicId),
    external_url: links.activity(activity.code),
    attributes: [
      { trait_type: 'Activity', value: activity.code },
      { trait_type: 'Starts', value: activity.startsAt.toISOString() },
      { trait_type: 'City', value: activity.city === null ? 'Online' : cityName(activity.city, 'en') },
      checkedIn,
      ...owner,
    ],
  };
}

/** A generated badge: title, date and place on a gradient; a plain badge for an unlisted activity. */
export function nftBadgeSvg(activity: ActivityRow): string {
  const listed = activity.visibility === 'public';
  const xml = (text: string) =>
    text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
  const title = listed
    ? xml(activity.title.length > 28 ? `${activity.title.slice(0, 27)}…` : activity.title)
    : 'Attendance';
  const date = xml(activity.startsAt.toLocaleDateString('en-GB', { timeZone: activity.timezone, dateStyle: 'medium' }));
  const subtitle = listed
    ? `${date} · ${xml(activity.city === null ? 'Online' : cityName(activity.city, 'en'))}`
    : 'Polaris';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#db2777"/></linearGradient></defs>
<rect width="512" height="512" rx="48" fill="url(#g)"/>
<circle cx="256" cy="170" r="72" fill="none" stroke="#fff" stroke-width="8"/>
<path d="M222 170l24 24 44-48" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>
<text x="256" y="310" font-family="sans-serif" font-size="30" font-weight="700" fill="#fff" text-anchor="middle">${title}</text>
<text x="256" y="354" font-family="sans-serif" font-size="22" fill="#fff" text-anchor="middle">${subtitle}</text>
</svg>`;
}
