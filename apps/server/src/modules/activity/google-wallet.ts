import { createPrivateKey, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Language } from '@polaris/contract';
import type { TicketPassFacts } from './wallet-pass.ts';

/**
 * Google Wallet settings (docs/activities.md "Wallet passes"): the issuer id and the service account that signs the
 * "save" links, both or neither. Without them no link is made and the button is not shown.
 */
export interface GoogleWalletConfig {
  issuerId: string;
  clientEmail: string;
  privateKeyPem: string;
}

interface GoogleWalletEnv {
  GOOGLE_WALLET_ISSUER_ID?: string | undefined;
  GOOGLE_WALLET_SERVICE_ACCOUNT_FILE?: string | undefined;
}

export function googleWalletConfig(env: GoogleWalletEnv): GoogleWalletConfig | undefined {
  const issuerId = env.GOOGLE_WALLET_ISSUER_ID?.trim();
  const file = env.GOOGLE_WALLET_SERVICE_ACCOUNT_FILE?.trim();
  if (!issuerId && !file) return undefined;
  if (!issuerId || !file) {
    throw new Error(
      'Invalid environment:\n  GOOGLE_WALLET_ISSUER_ID, GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: both or neither (Google Wallet)',
    );
  }
  if (!/^\d{10,25}$/.test(issuerId)) {
    throw new Error('Invalid environment:\n  GOOGLE_WALLET_ISSUER_ID: the issuer id, digits');
  }
  let account: { client_email?: unknown; private_key?: unknown };
  try {
    account = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Invalid environment:\n  GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: ${(error as Error).message}`);
  }
  if (typeof account.client_email !== 'string' || typeof account.private_key !== 'string') {
    throw new Error(
      'Invalid environment:\n  GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: a service account key (client_email, private_key)',
    );
  }
  createPrivateKey(account.private_key); // a key that cannot be read stops the server here
  return { issuerId, clientEmail: account.client_email, privateKeyPem: account.private_key };
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const GOOGLE_LANGUAGE: Record<Language, string> = { en: 'en-US', 'zh-Hant': 'zh-TW', 'zh-Hans': 'zh-CN' };

/**
 * The "save to Google Wallet" link of a ticket: a JWT (RS256, signed by the service account) carrying the event's
 * class and the ticket's object, its barcode the ticket's QR payload. Google creates both when the link is opened.
 * Ids are `<issuer>.<suffix>`, stable, so a second save is the same ticket.
 */
export function googleSaveUrl(
  facts: TicketPassFacts & { activityCode: string },
  config: GoogleWalletConfig,
  context: { origin: string; language: Language; now: Date },
): string {
  const text = (value: string) => ({ defaultValue: { language: GOOGLE_LANGUAGE[context.language], value } });
  const classId = `${config.issuerId}.activity-${facts.activityCode}`;
  const claims = {
    iss: config.clientEmail,
    aud: 'google',
    typ: 'savetowallet',
    iat: Math.floor(context.now.getTime() / 1000),
    origins: [context.origin],
    payload: {
      eventTicketClasses: [
        {
          id: classId,
          issuerName: 'Polaris',
          reviewStatus: 'UNDER_REVIEW',
          eventName: text(facts.title),
          dateTime: { start: facts.startsAt.toISOString(), end: facts.endsAt.toISOString() },
          ...(facts.venue ? { venue: { name: text(facts.venue), address: text(facts.venue) } } : {}),
          ...(facts.location ? { locations: [facts.location] } : {}),
          homepageUri: { uri: facts.activityUrl, description: facts.labels.link },
        },
      ],
      eventTicketObjects: [
        {
          id: `${config.issuerId}.${facts.serialNumber}`,
          classId,
          state: 'ACTIVE',
          barcode: { type: 'QR_CODE', value: facts.barcode },
          ticketType: text(facts.ticketTypeName),
        },
      ],
    },
  };
  const unsigned = `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url(claims)}`;
  const signature = sign('RSA-SHA256', Buffer.from(unsigned), createPrivateKey(config.privateKeyPem));
  return `https://pay.google.com/gp/v/save/${unsigned}.${signature.toString('base64url')}`;
}
