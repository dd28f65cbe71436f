import { randomBytes } from 'node:crypto';
import { EmptyInput, LedgerCheckOutput, LocalChainDepositInput, LocalChainDepositOutput } from '@polaris/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import type { Router } from '../../platform/router.ts';
import { safeEqualHex } from '../../platform/secrets.ts';
import type { DepositService } from './deposits.service.ts';
import type { WalletService } from './service.ts';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
const FORWARDED = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Whether a request was made on this machine: the connection comes from a loopback address, the client address
 * (after TRUST_PROXY) is loopback too, and no proxy forwarded it (a proxy on this machine would otherwise make
 * every visitor look local).
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  return (
    LOOPBACK.test(request.socket.remoteAddress ?? '') &&
    LOOPBACK.test(request.ip) &&
    FORWARDED.every((name) => request.headers[name] === undefined)
  );
}

/** Refuses (403) anyone but an operator on this machine holding the admin token. */
export function requireOperator(request: FastifyRequest, adminToken: string): void {
  const header = request.headers['x-admin-token'];
  if (
    !fromThisMachine(request) ||
    typeof header !== 'string' ||
    !/^[0-9a-f]{64}$/.test(header) ||
    !safeEqualHex(header, adminToken)
  ) {
    throw new AppError(403, 'http.403');
  }
}

export function newAdminToken(): string {
  return randomBytes(32).toString('hex');
}

/**
 * Operator routes for the local setup, answered only to a caller on this machine (loopback, not proxied) with
 * the token the server writes to DATA_DIR/admin.token at
 * start (readable only by whoever can read the data folder). The CLI commands use them while the server runs,
 * because the embedded database takes one process at a time.
 */
export function operatorRoutes(
  router: Router,
  deps: { wallet: WalletService; deposits: DepositService; adminToken: string },
) {
  const guard = (request: FastifyRequest) => requireOperator(request, deps.adminToken);

  router.route({
    method: 'POST',
    path: '/local-chain/deposit',
    summary: 'LOCAL SIMULATOR: credit a deposit as if it arrived on a chain (operator token)',
    tags: ['operator'],
    auth: 'public',
    input: LocalChainDepositInput,
    output: LocalChainDepositOutput,
    handler: async ({ input, request }) => {
      guard(request);
      return deps.deposits.simulateDeposit(input);
    },
  });

  router.route({
    method: 'GET',
    path: '/admin/ledger/check',
    summary: 'Verify every ledger invariant over the whole database (operator token)',
    tags: ['operator'],
    auth: 'public',
    input: EmptyInput,
    output: LedgerCheckOutput,
    handler: async ({ request }) => {
      guard(request);
      return deps.wallet.ledgerCheck();
    },
  });
}
