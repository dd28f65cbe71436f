import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';

/** An RSA key pair made by Node (forge's own takes seconds), in forge's form. */
function rsaKeys(): forge.pki.rsa.KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }) as string),
    publicKey: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }) as string),
  } as forge.pki.rsa.KeyPair;
}

/** A certificate signed by `issuer` (itself when none): the test's own root, intermediate and pass certificates. */
function certificate(
  subject: string,
  keys: forge.pki.rsa.KeyPair,
  issuer?: { cert: forge.pki.Certificate; key: forge.pki.rsa.PrivateKey },
  ca = false,
) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = `0${Math.floor(Math.random() * 1e12).toString(16)}`;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const name = [{ name: 'commonName', value: subject }];
  cert.setSubject(name);
  cert.setIssuer(issuer ? issuer.cert.subject.attributes : name);
  cert.setExtensions(
    ca
      ? [
          { name: 'basicConstraints', cA: true },
          { name: 'keyUsage', keyCertSign: true, digitalSignature: true },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true },
        ],
  );
  cert.sign(issuer?.key ?? keys.privateKey, forge.md.sha256.create());
  return cert;
}

export const TEST_PASS_TYPE = 'pass.com.polaris.test';

/**
 * A pass type certificate chained to a root of the test's own through a stand-in for Apple's WWDR intermediate,
 * written into `dir` (root.pem, wwdr.pem, pass.pem, pass.key encrypted with `hunter2`): the `APPLE_PASS_*`
 * environment that makes a server sign passes with it (synchronous: the browser journeys' config makes one).
 */
export function writePassCertificates(dir: string): Record<string, string> {
  const pem = (cert: forge.pki.Certificate) => forge.pki.certificateToPem(cert);
  const rootKeys = rsaKeys();
  const root = certificate('Test Root CA', rootKeys, undefined, true);
  const wwdrKeys = rsaKeys();
  const wwdr = certificate('Test WWDR', wwdrKeys, { cert: root, key: rootKeys.privateKey }, true);
  const passKeys = rsaKeys();
  const pass = certificate(`Pass Type ID: ${TEST_PASS_TYPE}`, passKeys, { cert: wwdr, key: wwdrKeys.privateKey });
  writeFileSync(path.join(dir, 'root.pem'), pem(root));
  writeFileSync(path.join(dir, 'wwdr.pem'), pem(wwdr));
  writeFileSync(path.join(dir, 'pass.pem'), pem(pass));
  writeFileSync(
    path.join(dir, 'pass.key'),
    forge.pki.encryptRsaPrivateKey(passKeys.privateKey, 'hunter2', { algorithm: 'aes256' }),
  );
  return passCertificateEnv(dir);
}

/** The `APPLE_PASS_*` environment of certificates `writePassCertificates` wrote into `dir` before. */
export function passCertificateEnv(dir: string): Record<string, string> {
  return {
    APPLE_PASS_TYPE_ID: TEST_PASS_TYPE,
    APPLE_PASS_TEAM_ID: 'ABCDE12345',
    APPLE_PASS_CERT_FILE: path.join(dir, 'pass.pem'),
    APPLE_PASS_KEY_FILE: path.join(dir, 'pass.key'),
    APPLE_PASS_KEY_PASSPHRASE: 'hunter2',
    APPLE_WWDR_CERT_FILE: path.join(dir, 'wwdr.pem'),
  };
}
