import type { FastifyRequest } from 'fastify';
import { fromThisMachine } from '../modules/wallet/operator.routes.ts';
import { AppError } from './errors.ts';
import { safeEqualHex } from './secrets.ts';

/**
 * The check of every operator route: a caller on this machine (loopback, not proxied) with the token the server
 * wrote to DATA_DIR/admin.token, as `wallet:deposit` uses it.
 */
export function operatorGuard(adminToken: string): (request: FastifyRequest) => void {
  return (request) => {
    const header = request.headers['x-admin-token'];
    if (
      !fromThisMachine(request) ||
      typeof header !== 'string' ||
      !/^[0-9a-f]{64}$/.test(header) ||
      !safeEqualHex(header, adminToken)
    ) {
      throw new AppError(403, 'http.403');
    }
  };
}
