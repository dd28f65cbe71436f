import { createHash, randomBytes } from 'node:crypto';

/** An NFT's public id: 32 hex digits, as the database's default writes it (migration 0009). */
export const newNftPublicId = () => randomBytes(16).toString('hex');

/**
 * An attendance NFT's ERC-721 token id: the uint256 of SHA-256 over its public id. Deterministic, so the id a token
 * is minted under follows from the row alone, and unrelated to the row's sequence, so the chain shows neither how
 * many tokens there are nor which came first. It reveals nothing of the public id (the hash is one-way).
 */
export function chainTokenId(publicId: string): bigint {
  return BigInt(`0x${createHash('sha256').update(`polaris-attendance-nft:${publicId}`).digest('hex')}`);
}

/** A token id as a path gives it (decimal, within uint256), or null. */
export function parseChainTokenId(text: string): bigint | null {
  if (!/^[1-9]\d{0,77}$/.test(text)) return null;
  const id = BigInt(text);
  return id < 2n ** 256n ? id : null;
}
