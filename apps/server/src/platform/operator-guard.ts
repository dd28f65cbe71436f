import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { safeEqualHex } from './secrets.ts';

const TOKEN = /^[0-9a-f]{64}$/;
const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
const FORWARDED = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Whether a request was made on this machine: the connection comes from a loopback address, the client address
 * (after TRUST_PROXY) is loopback too, and no proxy forwarded it (a proxy on this machine would otherwise make
 * every visitor look local).
 */
function fromThisMachine(request: FastifyRequest): boolean {
  return (
    LOOPBACK.test(request.socket.remoteAddress ?? '') &&
    LOOPBACK.test(request.ip) &&
    FORWARDED.every((name) => request.headers[name] === undefined)
  );
}

/**
 * The check of every operator route (wallet, identity review, invite funding, listing, airdrops): a caller on
 * this machine (loopback, not proxied) with the token the server wrote to DATA_DIR/admin.token, as
 * `wallet:deposit` uses it. Anyone else is refused with 403.
 */
export function requireOperator(request: FastifyRequest, adminToken: string): void {
  const header = request.headers['x-admin-token'];
  if (
    !fromThisMachine(request) ||
    typeof header !== 'string' ||
    !TOKEN.test(header) ||
    !safeEqualHex(header, adminToken)
  ) {
    throw new AppError(403, 'http.403');
  }
}

/** requireOperator bound to the server's token, for a routes function's handlers. */
export function operatorGuard(adminToken: string): (request: FastifyRequest) => void {
  return (request) => requireOperator(request, adminToken);
}

const adminTokenFile = (dataDir: string) => path.join(dataDir, 'admin.token');

async function readToken(dataDir: string): Promise<string | null> {
  const text = await readFile(adminTokenFile(dataDir), 'utf8').catch(() => null);
  const token = text?.trim() ?? '';
  return TOKEN.test(token) ? token : null;
}

/**
 * The operator token of DATA_DIR as it is: what an app built by anyone but the server uses (an operator command's
 * in-process app, the demo seeder, tests). Created (mode 0600) only when there is none; never rewritten, so nothing
 * but a server's own start can change the token a running server checks (docs/api.md, "Operator commands").
 */
export async function existingAdminToken(dataDir: string): Promise<string> {
  const found = await readToken(dataDir);
  if (found) return found;
  const token = randomBytes(32).toString('hex');
  try {
    await writeFile(adminTokenFile(dataDir), token, { mode: 0o600, flag: 'wx' });
    return token;
  } catch {
    // Another process wrote one first (or a broken one is there): theirs stands, or a fresh one replaces the broken.
    const theirs = await readToken(dataDir);
    if (theirs) return theirs;
    await replaceToken(dataDir, token);
    return token;
  }
}

/** A fresh operator token, written whole (a reader never sees half of one): the server's, at its start. */
export async function freshAdminToken(dataDir: string): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await replaceToken(dataDir, token);
  return token;
}

async function replaceToken(dataDir: string, token: string) {
  const temporary = `${adminTokenFile(dataDir)}.${process.pid}.tmp`;
  await writeFile(temporary, token, { mode: 0o600 });
  await rename(temporary, adminTokenFile(dataDir));
}
