/**
 * Push settings from the environment (docs/notifications.md "Push"). Parsed once by config.ts; a half-given
 * credential (a VAPID public key without its private key, an APNs key without its team) stops the server naming
 * the variable, rather than leaving a channel silently off.
 */

export interface FcmServiceAccount {
  projectId: string;
  clientEmail: string;
  privateKey: string;
  tokenUri: string;
}

export interface ApnsCredentials {
  /** The `.p8` key's PEM text. */
  key: string;
  keyId: string;
  teamId: string;
  /** The app's bundle id. */
  topic: string;
  url: string;
}

export interface PushConfig {
  /** Given by env (the same on every node); without it one pair is made once into DATA_DIR (vapid.ts). */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** Who push services may contact about our traffic: `mailto:` or `https:`. */
  subject: string;
  /** Extra push hosts (`host` or `host:port`) an endpoint may name, beside the known push services. */
  endpointAllow: string[];
  /** The longest one push request may take before it counts as failed (and is retried later). */
  timeoutMs: number;
  fcm: { account: FcmServiceAccount; apiUrl: string } | undefined;
  apns: ApnsCredentials | undefined;
}

interface PushEnv {
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  PUSH_ENDPOINT_ALLOW: string;
  PUSH_TIMEOUT_MS: number;
  FCM_SERVICE_ACCOUNT_JSON?: string;
  FCM_API_URL: string;
  APNS_KEY_P8?: string;
  APNS_KEY_ID?: string;
  APNS_TEAM_ID?: string;
  APNS_TOPIC?: string;
  APNS_URL: string;
  MAIL_FROM: string;
}

function invalid(name: string, problem: string): Error {
  return new Error(`Invalid environment:\n  ${name}: ${problem}`);
}

export function pushConfig(e: PushEnv): PushConfig {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw invalid(e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY', 'set both VAPID keys or neither');
  }
  const mailbox = /<([^<>\s]+@[^<>\s]+)>/.exec(e.MAIL_FROM)?.[1] ?? /^\S+@\S+$/.exec(e.MAIL_FROM.trim())?.[0];
  return {
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    subject: e.VAPID_SUBJECT ?? `mailto:${mailbox ?? 'no-reply@polaris.local'}`,
    endpointAllow: parseEndpointAllow(e.PUSH_ENDPOINT_ALLOW),
    timeoutMs: e.PUSH_TIMEOUT_MS,
    fcm: e.FCM_SERVICE_ACCOUNT_JSON
      ? { account: parseServiceAccount(e.FCM_SERVICE_ACCOUNT_JSON), apiUrl: e.FCM_API_URL.replace(/\/$/, '') }
      : undefined,
    apns: apnsCredentials(e),
  };
}

/** `PUSH_ENDPOINT_ALLOW`: comma separated `host` or `host:port`, lower case. */
function parseEndpointAllow(value: string): string[] {
  const hosts = value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  for (const host of hosts) {
    if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(host)) {
      throw invalid('PUSH_ENDPOINT_ALLOW', `"${host}" is not a host or host:port`);
    }
  }
  return hosts;
}

function parseServiceAccount(text: string): FcmServiceAccount {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw invalid('FCM_SERVICE_ACCOUNT_JSON', 'not JSON (paste the service account key file)');
  }
  const { project_id, client_email, private_key, token_uri } = value;
  if (typeof project_id !== 'string' || typeof client_email !== 'string' || typeof private_key !== 'string') {
    throw invalid('FCM_SERVICE_ACCOUNT_JSON', 'needs project_id, client_email and private_key');
  }
  return {
    projectId: project_id,
    clientEmail: client_email,
    privateKey: private_key,
    tokenUri: typeof token_uri === 'string' ? token_uri : 'https://oauth2.googleapis.com/token',
  };
}

function apnsCredentials(e: PushEnv): ApnsCredentials | undefined {
  const parts = { APNS_KEY_P8: e.APNS_KEY_P8, APNS_KEY_ID: e.APNS_KEY_ID, APNS_TEAM_ID: e.APNS_TEAM_ID };
  const given = Object.entries(parts).filter(([, value]) => value);
  if (given.length === 0 && !e.APNS_TOPIC) return undefined;
  const missing = [...Object.entries(parts), ['APNS_TOPIC', e.APNS_TOPIC]].find(([, value]) => !value);
  if (missing) throw invalid(missing[0] as string, 'APNs needs APNS_KEY_P8, APNS_KEY_ID, APNS_TEAM_ID and APNS_TOPIC');
  return {
    // A PEM pasted into one line of an env file keeps its line breaks as \n.
    key: (e.APNS_KEY_P8 as string).replaceAll('\\n', '\n'),
    keyId: e.APNS_KEY_ID as string,
    teamId: e.APNS_TEAM_ID as string,
    topic: e.APNS_TOPIC as string,
    url: e.APNS_URL.replace(/\/$/, ''),
  };
}
