import { describe, expect, it } from 'vitest';
import { loadConfig, missingSharedKeys } from './config.ts';

describe('keys every node must share', () => {
  const keys = { WALLET_MNEMONIC: 'phrase', TOTP_KEY: 'a'.repeat(64), CAPTCHA_HMAC_KEY: 'b'.repeat(32) };

  it('are not required on the embedded database, where one process holds it', () => {
    expect(missingSharedKeys({})).toBeNull();
  });

  it('are required on PostgreSQL, each missing one named', () => {
    const url = 'postgres://db.example/polaris';
    expect(missingSharedKeys({ DATABASE_URL: url, ...keys })).toBeNull();
    expect(missingSharedKeys({ DATABASE_URL: url })).toMatch(/WALLET_MNEMONIC, TOTP_KEY, CAPTCHA_HMAC_KEY/);
    expect(missingSharedKeys({ DATABASE_URL: url, ...keys, TOTP_KEY: ' ' })).toMatch(/set TOTP_KEY \(/);
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
