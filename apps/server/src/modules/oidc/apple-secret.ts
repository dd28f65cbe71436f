import { createPrivateKey, sign } from 'node:crypto';

const APPLE_AUDIENCE = 'https://appleid.apple.com';
/** Apple accepts a client secret valid for up to six months; ours lives only for the one token request. */
const LIFETIME_SECONDS = 300;

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Apple's client secret: an ES256 JWT signed with the Sign in with Apple key (a `.p8` PEM from the developer
 * account), issued by the team, about the services id, for Apple.
 */
export function appleClientSecret(
  key: { teamId: string; keyId: string; privateKey: string },
  clientId: string,
  now: Date,
): string {
  const iat = Math.floor(now.getTime() / 1000);
  const header = base64url({ alg: 'ES256', kid: key.keyId, typ: 'JWT' });
  const payload = base64url({ iss: key.teamId, iat, exp: iat + LIFETIME_SECONDS, aud: APPLE_AUDIENCE, sub: clientId });
  const signingInput = `${header}.${payload}`;
  // JWS wants the raw r||s pair, not the DER sequence node's default gives.
  const signature = sign('sha256', Buffer.from(signingInput), {
    key: createPrivateKey(key.privateKey),
    dsaEncoding: 'ieee-p1363',
  });
  return `${signingInput}.${signature.toString('base64url')}`;
}
