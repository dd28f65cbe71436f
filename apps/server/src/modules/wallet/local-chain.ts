import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import type { Router } from '../../platform/router.ts';
import { safeEqualHex } from '../../platform/secrets.ts';
import { checkLedger } from './invariants.ts';
import type { WalletService } from './service.ts';

const DepositCommand = z.object({
  email: z.string().trim().max(254),
  asset: z.string().trim().toUpperCase().max(12),
  chain: z.string().trim().max(20),
  amount: z.string().trim().max(64),
  txHash: z.string().trim().max(100).optional(),
  /** Fewer than the network needs leaves the deposit confirming until the simulated chain catches up. */
  confirmations: z.coerce.number().int().min(0).max(10_000).optional(),
});

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

/**
 * Operator routes for the local setup, answered only to a caller on this machine (loopback, not proxied) with
 * the token the server writes to DATA_DIR/admin.token at
 * start (readable only by whoever can read the data folder). The CLI commands use them while the server runs,
 * because the embedded database takes one process at a time.
 */
export function localChainRoutes(
  router: Router,
  deps: { wallet: WalletService; adminToken: string; db: Parameters<typeof checkLedger>[0] },
) {
  const guard = (request: FastifyRequest) => {
    const header = request.headers['x-admin-token'];
    if (
      !fromThisMachine(request) ||
      typeof header !== 'string' ||
      !/^[0-9a-f]{64}$/.test(header) ||
      !safeEqualHex(header, deps.adminToken)
    ) {
      throw new AppError(403, 'http.403');
    }
  };

  router.route({
    method: 'POST',
    path: '/local-chain/deposit',
    summary: 'LOCAL SIMULATOR: credit a deposit as if it arrived on a chain (operator token)',
    tags: ['operator'],
    auth: 'public',
    input: DepositCommand,
    output: z.object({
      id: z.number(),
      credited: z.boolean(),
      status: z.enum(['confirming', 'credited']),
      address: z.string(),
    }),
    handler: async ({ input, request }) => {
      guard(request);
      return creditLocalDeposit(deps.wallet, input);
    },
  });

  router.route({
    method: 'GET',
    path: '/admin/ledger/check',
    summary: 'Verify every ledger invariant over the whole database (operator token)',
    tags: ['operator'],
    auth: 'public',
    input: z.object({}),
    output: z.object({
      ok: z.boolean(),
      violations: z.array(z.object({ rule: z.string(), detail: z.record(z.string(), z.unknown()) })),
    }),
    handler: async ({ request }) => {
      guard(request);
      const violations = await checkLedger(deps.db);
      return { ok: violations.length === 0, violations };
    },
  });
}

export type DepositCommand = z.input<typeof DepositCommand>;

/**
 * What `npm run wallet:deposit` does once the caller is trusted: find the user and the chain, then record the
 * deposit as the chain watcher would (credited through the ledger, once per transaction hash). The demo seed
 * uses it too, so demo money arrives exactly as a local deposit does.
 */
export async function creditLocalDeposit(wallet: WalletService, command: DepositCommand) {
  const input = DepositCommand.parse(command);
  const user = await wallet.requireUserByEmail(input.email);
  const catalog = await wallet.catalog();
  const chain = [...catalog.chains.values()].find(
    (c) => c.symbol.toLowerCase() === input.chain.toLowerCase() || String(c.id) === input.chain,
  );
  if (!chain) throw new AppError(400, 'wallet.chainDisabled');
  const txHash = input.txHash ?? `0x${randomBytes(32).toString('hex')}`;
  const result = await wallet.recordDeposit({
    userId: user.id,
    assetCode: input.asset,
    chainId: chain.id,
    amount: input.amount,
    txHash,
    confirmations: input.confirmations,
  });
  const { address } = await wallet.depositAddress(user.id, input.asset, chain.id);
  return { ...result, address };
}

export function newAdminToken(): string {
  return randomBytes(32).toString('hex');
}
