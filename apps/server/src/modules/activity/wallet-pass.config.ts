import { readFileSync } from 'node:fs';
import type { SigningIdentity } from '../../platform/pkcs7.ts';

/**
 * Apple Wallet pass settings from the environment (docs/activities.md "Wallet passes"). All or none: a pass type
 * certificate without its key, WWDR intermediate, pass type id or team stops the server, naming what is missing,
 * rather than handing phones a pass they would refuse. Without any, no pass is made and the button is not shown.
 */
export interface ApplePassConfig {
  passTypeIdentifier: string;
  teamIdentifier: string;
  identity: SigningIdentity;
  /**
   * Where pass updates are pushed (`APPLE_PASS_APNS_URL`, `https://api.push.apple.com`); unset, passes still carry
   * the web service and phones still fetch updates when asked, but no push tells them to (logged at start).
   */
  apnsUrl: string | undefined;
  /** Roots to trust for that URL besides the system's (`APPLE_PASS_APNS_CA_FILE`: a relay of one's own, a test's peer). */
  apnsCaPem: string | undefined;
}

interface ApplePassEnv {
  APPLE_PASS_TYPE_ID?: string | undefined;
  APPLE_PASS_TEAM_ID?: string | undefined;
  APPLE_PASS_CERT_FILE?: string | undefined;
  APPLE_PASS_KEY_FILE?: string | undefined;
  APPLE_PASS_KEY_PASSPHRASE?: string | undefined;
  APPLE_WWDR_CERT_FILE?: string | undefined;
  APPLE_PASS_APNS_URL?: string | undefined;
  APPLE_PASS_APNS_CA_FILE?: string | undefined;
}

const REQUIRED = [
  'APPLE_PASS_TYPE_ID',
  'APPLE_PASS_TEAM_ID',
  'APPLE_PASS_CERT_FILE',
  'APPLE_PASS_KEY_FILE',
  'APPLE_WWDR_CERT_FILE',
] as const;

export function applePassConfig(env: ApplePassEnv): ApplePassConfig | undefined {
  const given = REQUIRED.filter((name) => env[name]?.trim());
  if (given.length === 0) return undefined;
  const missing = REQUIRED.filter((name) => !env[name]?.trim());
  if (missing.length > 0) {
    throw new Error(`Invalid environment:\n  ${missing.join(', ')}: needed with ${given.join(', ')} (Wallet passes)`);
  }
  if (!/^pass\.[A-Za-z0-9.-]+$/.test(env.APPLE_PASS_TYPE_ID!.trim())) {
    throw new Error('Invalid environment:\n  APPLE_PASS_TYPE_ID: a pass type id such as pass.com.example.tickets');
  }
  if (!/^[A-Z0-9]{10}$/.test(env.APPLE_PASS_TEAM_ID!.trim())) {
    throw new Error('Invalid environment:\n  APPLE_PASS_TEAM_ID: ten capital letters or digits');
  }
  const apnsUrl = env.APPLE_PASS_APNS_URL?.trim() || undefined;
  if (apnsUrl !== undefined && !/^https:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/.test(apnsUrl)) {
    throw new Error('Invalid environment:\n  APPLE_PASS_APNS_URL: an https origin such as https://api.push.apple.com');
  }
  const read = (name: (typeof REQUIRED)[number] | 'APPLE_PASS_APNS_CA_FILE') => {
    try {
      return readFileSync(env[name]!.trim(), 'utf8');
    } catch (error) {
      throw new Error(`Invalid environment:\n  ${name}: ${(error as Error).message}`);
    }
  };
  return {
    passTypeIdentifier: env.APPLE_PASS_TYPE_ID!.trim(),
    teamIdentifier: env.APPLE_PASS_TEAM_ID!.trim(),
    apnsUrl,
    apnsCaPem: env.APPLE_PASS_APNS_CA_FILE?.trim() ? read('APPLE_PASS_APNS_CA_FILE') : undefined,
    identity: {
      certificatePem: read('APPLE_PASS_CERT_FILE'),
      keyPem: read('APPLE_PASS_KEY_FILE'),
      keyPassphrase: env.APPLE_PASS_KEY_PASSPHRASE || undefined,
      intermediatesPem: [read('APPLE_WWDR_CERT_FILE')],
    },
  };
}
