import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { missingSharedKeys } from './shared-keys.ts';

describe('keys every node must share', () => {
  const keys = {
    WALLET_MNEMONIC: 'phrase',
    TOTP_KEY: 'a'.repeat(64),
    CAPTCHA_HMAC_KEY: 'b'.repeat(32),
    VAPID_PUBLIC_KEY: `B${'c'.repeat(86)}`,
    VAPID_PRIVATE_KEY: 'd'.repeat(43),
  };

  it('are not required on the embedded database, where one process holds it', () => {
    expect(missingSharedKeys({})).toBeNull();
  });

  it('are required on PostgreSQL, each missing one named', () => {
    const url = 'postgres://db.example/polaris';
    expect(missingSharedKeys({ DATABASE_URL: url, ...keys })).toBeNull();
    expect(missingSharedKeys({ DATABASE_URL: url })).toMatch(
      /WALLET_MNEMONIC \(or WALLET_EVM_XPUBS\), TOTP_KEY, CAPTCHA_HMAC_KEY/,
    );
    expect(missingSharedKeys({ DATABASE_URL: url, ...keys, TOTP_KEY: ' ' })).toMatch(/set TOTP_KEY \(/);
    expect(missingSharedKeys({ DATABASE_URL: url, ...keys, VAPID_PRIVATE_KEY: '' })).toMatch(
      /set VAPID_PRIVATE_KEY \(/,
    );
  });
});

describe('metrics settings', () => {
  it('are off by default, with the metrics port on loopback when one is set', () => {
    expect(loadConfig({}).metrics).toEqual({ port: undefined, host: '127.0.0.1', token: undefined });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1', token: undefined });
  });

  it('stop the server naming the variable when a value is bad', () => {
    expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '8080' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => loadConfig({ METRICS_HOST: 'bad host' })).toThrow(/METRICS_HOST/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: `${'a'.repeat(30)} b` })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(24) }).metrics.token).toBe('a'.repeat(24));
  });
});

describe('push settings', () => {
  it('are web push with a generated key, no native channel and no extra hosts by default', () => {
    const push = loadConfig({}).push;
    expect(push).toMatchObject({ vapid: undefined, endpointAllow: [], fcm: undefined, apns: undefined });
    expect(push.subject).toBe('mailto:no-reply@polaris.local');
    expect(loadConfig({ MAIL_FROM: 'Polaris <ops@example.com>' }).push.subject).toBe('mailto:ops@example.com');
    expect(loadConfig({ PUSH_ENDPOINT_ALLOW: ' Push.Example:8443, localhost ' }).push.endpointAllow).toEqual([
      'push.example:8443',
      'localhost',
    ]);
  });

  it('stop the server naming the variable when a key or credential is half given or malformed', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: `B${'c'.repeat(86)}` })).toThrow(/VAPID_PRIVATE_KEY: set both/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'd'.repeat(43) })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://example.com' })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ PUSH_ENDPOINT_ALLOW: 'https://push.example' })).toThrow(/PUSH_ENDPOINT_ALLOW/);
    expect(() => loadConfig({ FCM_SERVICE_ACCOUNT_JSON: 'not json' })).toThrow(/FCM_SERVICE_ACCOUNT_JSON/);
    expect(() => loadConfig({ FCM_SERVICE_ACCOUNT_JSON: '{"project_id":"p"}' })).toThrow(/client_email/);
    expect(() => loadConfig({ APNS_KEY_P8: 'pem', APNS_KEY_ID: 'K' })).toThrow(/APNS_TEAM_ID/);
    const apns = loadConfig({ APNS_KEY_P8: 'a\\nb', APNS_KEY_ID: 'K', APNS_TEAM_ID: 'T', APNS_TOPIC: 'app' }).push.apns;
    expect(apns).toEqual({ key: 'a\nb', keyId: 'K', teamId: 'T', topic: 'app', url: 'https://api.push.apple.com' });
  });
});
