import { createHash } from 'node:crypto';
import { zipSync } from 'fflate';
import type { DetachedSigner } from '../../platform/pkcs7.ts';

/** What an Apple Wallet event ticket shows (https://developer.apple.com/documentation/walletpasses/pass). */
export interface TicketPassFacts {
  /** Unique per pass type and stable for the ticket: a reissued pass replaces the one on the phone. */
  serialNumber: string;
  /** The ticket's QR payload, as the check-in scanner reads it; null on a voided pass (the code no longer lets in). */
  barcode: string | null;
  /** The ticket was cancelled or given away, or the activity cancelled: Wallet greys the pass out. */
  voided?: boolean;
  /** Where the phone registers for updates and fetches them, and this pass's token there (the PassKit web service). */
  webService?: { url: string; authenticationToken: string } | undefined;
  title: string;
  startsAt: Date;
  endsAt: Date;
  venue: string | null;
  /** Where the lock screen offers the pass. */
  location: { latitude: number; longitude: number } | null;
  organizerName: string;
  ticketTypeName: string;
  activityUrl: string;
  labels: { event: string; starts: string; venue: string; ticket: string; organizer: string; link: string };
}

export interface PassIdentity {
  passTypeIdentifier: string;
  teamIdentifier: string;
  organizationName: string;
  sign: DetachedSigner;
}

/** The images every pass carries (Wallet requires an icon; the logo heads the front). */
export interface PassImages {
  'icon.png': Uint8Array;
  'icon@2x.png': Uint8Array;
  'logo.png': Uint8Array;
  'logo@2x.png': Uint8Array;
}

/** pass.json of an event ticket: the QR as its barcode, the time, the venue (and its place for the lock screen). */
function passJson(facts: TicketPassFacts, identity: Omit<PassIdentity, 'sign'>) {
  return {
    formatVersion: 1,
    passTypeIdentifier: identity.passTypeIdentifier,
    teamIdentifier: identity.teamIdentifier,
    organizationName: identity.organizationName,
    serialNumber: facts.serialNumber,
    description: facts.title,
    relevantDate: facts.startsAt.toISOString(),
    expirationDate: facts.endsAt.toISOString(),
    ...(facts.location ? { locations: [{ ...facts.location, relevantText: facts.title }] } : {}),
    ...(facts.barcode !== null
      ? { barcodes: [{ format: 'PKBarcodeFormatQR', message: facts.barcode, messageEncoding: 'iso-8859-1' }] }
      : {}),
    ...(facts.voided ? { voided: true } : {}),
    ...(facts.webService
      ? { webServiceURL: facts.webService.url, authenticationToken: facts.webService.authenticationToken }
      : {}),
    backgroundColor: 'rgb(255, 255, 255)',
    foregroundColor: 'rgb(17, 24, 39)',
    labelColor: 'rgb(75, 85, 99)',
    eventTicket: {
      primaryFields: [{ key: 'event', label: facts.labels.event, value: facts.title }],
      secondaryFields: [
        {
          key: 'starts',
          label: facts.labels.starts,
          value: facts.startsAt.toISOString(),
          dateStyle: 'PKDateStyleMedium',
          timeStyle: 'PKDateStyleShort',
        },
      ],
      auxiliaryFields: [
        ...(facts.venue ? [{ key: 'venue', label: facts.labels.venue, value: facts.venue }] : []),
        { key: 'ticket', label: facts.labels.ticket, value: facts.ticketTypeName },
      ],
      backFields: [
        { key: 'organizer', label: facts.labels.organizer, value: facts.organizerName },
        { key: 'link', label: facts.labels.link, value: facts.activityUrl },
      ],
    },
  };
}

const sha1 = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex');

/**
 * A signed .pkpass: pass.json and the images, manifest.json with the SHA-1 of each, and `signature`, a detached
 * PKCS#7 signature of the manifest by the pass type's certificate (with Apple's WWDR intermediate), zipped.
 */
export function buildPkpass(facts: TicketPassFacts, identity: PassIdentity, images: PassImages, now: Date): Buffer {
  const files: Record<string, Uint8Array> = {
    'pass.json': Buffer.from(JSON.stringify(passJson(facts, identity))),
    ...images,
  };
  const manifest = Buffer.from(
    JSON.stringify(Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, sha1(bytes)]))),
  );
  return Buffer.from(
    zipSync({ ...files, 'manifest.json': manifest, signature: identity.sign(manifest, now) }, { level: 6 }),
  );
}
