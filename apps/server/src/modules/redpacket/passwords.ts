import { sha256Hex } from '../../platform/secrets.ts';

/** A packet's password is only ever compared: stored as a hash bound to the packet's code. */
export function passwordHash(code: string, password: string): string {
  return sha256Hex(`${code}\n${password}`);
}
