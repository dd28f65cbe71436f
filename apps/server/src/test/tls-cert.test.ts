import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { selfSignedCertificate, serialNumber } from './tls-cert.ts';

describe('selfSignedCertificate', () => {
  it('writes a certificate that parses, for localhost', () => {
    expect(new X509Certificate(selfSignedCertificate().cert).subject).toBe('CN=localhost');
  });

  it('draws serials DER accepts: positive, with no leading zero byte (a random one failed once in ~500)', () => {
    const firsts = new Set(Array.from({ length: 100_000 }, () => serialNumber()[0]!));
    expect([...firsts].filter((first) => first < 0x01 || first > 0x7f)).toEqual([]);
  });
});
