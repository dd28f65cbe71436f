import { describe, expect, it } from 'vitest';
import { missingSharedKeys } from './config.ts';

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
