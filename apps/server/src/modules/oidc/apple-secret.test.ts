import { generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appleClientSecret } from './apple-secret.ts';
import { appleName } from './service.ts';

describe("Apple's client secret", () => {
  it('is an ES256 JWT from the team about the services id, verifiable with the public key', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const now = new Date('2026-11-23T12:00:00Z');
    const jwt = appleClientSecret(
      { teamId: 'TEAM123456', keyId: 'KEY1234567', privateKey: pem },
      'com.example.web',
      now,
    );
    const [header, payload, signature] = jwt.split('.');
    const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString());
    expect(decode(header!)).toEqual({ alg: 'ES256', kid: 'KEY1234567', typ: 'JWT' });
    expect(decode(payload!)).toEqual({
      iss: 'TEAM123456',
      iat: now.getTime() / 1000,
      exp: now.getTime() / 1000 + 300,
      aud: 'https://appleid.apple.com',
      sub: 'com.example.web',
    });
    const valid = verify(
      'sha256',
      Buffer.from(`${header}.${payload}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature!, 'base64url'),
    );
    expect(valid).toBe(true);
  });
});

describe("Apple's first-login name", () => {
  it('joins the given and family names and ignores anything unreadable', () => {
    expect(appleName(JSON.stringify({ name: { firstName: ' Dana ', lastName: 'Lee' } }))).toBe('Dana Lee');
    expect(appleName(JSON.stringify({ name: { firstName: 'Dana' } }))).toBe('Dana');
    expect(appleName('{not json')).toBeNull();
    expect(appleName(JSON.stringify({ name: 'x' }))).toBeNull();
    expect(appleName(undefined)).toBeNull();
  });
});
