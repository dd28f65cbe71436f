import forge from 'node-forge';

/** A certificate and its key, as PEM text, with the intermediate certificates a verifier needs to reach its root. */
export interface SigningIdentity {
  certificatePem: string;
  keyPem: string;
  /** For a key kept encrypted (`-----BEGIN ENCRYPTED PRIVATE KEY-----` or an RSA key with a DEK-Info header). */
  keyPassphrase?: string | undefined;
  intermediatesPem: string[];
}

export type DetachedSigner = (content: Buffer, signingTime: Date) => Buffer;

/**
 * A detached PKCS#7 (CMS SignedData) signer, DER out: SHA-256, the content type, digest and signing time signed as
 * attributes, the signer's certificate and the intermediates included. Apple Wallet wants exactly this over a
 * pass's manifest.json (the "signature" file). The key is parsed once, here; a wrong passphrase or a certificate
 * that is not the key's stops the server at start, naming what is wrong.
 */
export function detachedSigner(identity: SigningIdentity): DetachedSigner {
  const certificate = forge.pki.certificateFromPem(identity.certificatePem);
  const key = identity.keyPassphrase
    ? forge.pki.decryptRsaPrivateKey(identity.keyPem, identity.keyPassphrase)
    : forge.pki.privateKeyFromPem(identity.keyPem);
  if (!key) throw new Error('the signing key could not be read (wrong passphrase?)');
  const publicKey = certificate.publicKey as forge.pki.rsa.PublicKey;
  if (publicKey.n.compareTo((key as forge.pki.rsa.PrivateKey).n) !== 0) {
    throw new Error('the signing certificate is not the key’s');
  }
  const intermediates = identity.intermediatesPem.map((pem) => forge.pki.certificateFromPem(pem));
  return (content, signingTime) => {
    const signed = forge.pkcs7.createSignedData();
    signed.content = forge.util.createBuffer(content.toString('binary'));
    signed.addCertificate(certificate);
    for (const intermediate of intermediates) signed.addCertificate(intermediate);
    signed.addSigner({
      key,
      certificate,
      digestAlgorithm: forge.pki.oids.sha256!,
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType!, value: forge.pki.oids.data! },
        { type: forge.pki.oids.messageDigest! },
        { type: forge.pki.oids.signingTime!, value: signingTime as unknown as string },
      ],
    });
    signed.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(signed.toAsn1()).getBytes(), 'binary');
  };
}
