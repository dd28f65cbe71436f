import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { AuthService } from './modules/auth/service.ts';
import type { KycService } from './modules/identity/kyc.service.ts';
import { kycOperatorRoutes } from './modules/identity/operator.routes.ts';
import type { PhoneService } from './modules/identity/phone.service.ts';
import { identityRoutes } from './modules/identity/routes.ts';
import { inviteOperatorRoutes, inviteRoutes } from './modules/invite/routes.ts';
import type { InviteService } from './modules/invite/service.ts';
import { oidcCallbackRoutes, oidcRoutes } from './modules/oidc/routes.ts';
import type { OidcService } from './modules/oidc/service.ts';
import type { AntiPhishingService } from './modules/security/anti-phishing.service.ts';
import type { AccountDeletionService } from './modules/security/deletion.service.ts';
import { securityRoutes } from './modules/security/routes.ts';
import type { TradePasswordService } from './modules/security/service.ts';
import type { TotpService } from './modules/security/totp.service.ts';
import type { Router } from './platform/router.ts';

export interface AccountDeps {
  config: Config;
  auth: AuthService;
  totp: TotpService;
  trade: TradePasswordService;
  antiPhishing: AntiPhishingService;
  invites: InviteService;
  /** Google and Apple sign-in; built in app.ts, because the router's second-factor gate reads its link tickets. */
  oidc: OidcService;
  phones: PhoneService;
  kyc: KycService;
  deletion: AccountDeletionService;
  /** The operator routes' token, or null where those routes are off. */
  adminToken: string | null;
}

/**
 * The account's own surface beyond signing in with a password (app.ts has auth): the security centre, phone and
 * identity verification, Google and Apple sign-in, and the invite gift. Their services are built with the others
 * (app-edge-services.ts).
 */
export async function registerAccountModules(app: FastifyInstance, router: Router, deps: AccountDeps) {
  const { config, auth, totp, trade, invites, oidc, phones, kyc, deletion, adminToken } = deps;
  securityRoutes(router, { auth, trade, totp, deletion, antiPhishing: deps.antiPhishing });
  identityRoutes(router, { phones, kyc });
  if (adminToken) kycOperatorRoutes(router, { kyc, adminToken });

  oidcRoutes(router, oidc);
  await oidcCallbackRoutes(app, oidc, config);

  inviteRoutes(router, invites);
  if (adminToken) inviteOperatorRoutes(router, { invites, adminToken });
}
