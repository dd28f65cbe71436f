import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { AuthService } from './modules/auth/service.ts';
import { KycService } from './modules/identity/kyc.service.ts';
import { kycOperatorRoutes } from './modules/identity/operator.routes.ts';
import { PhoneService } from './modules/identity/phone.service.ts';
import { identityRoutes } from './modules/identity/routes.ts';
import { inviteOperatorRoutes, inviteRoutes } from './modules/invite/routes.ts';
import type { InviteService } from './modules/invite/service.ts';
import { oidcCallbackRoutes, oidcRoutes } from './modules/oidc/routes.ts';
import type { OidcService } from './modules/oidc/service.ts';
import type { AntiPhishingService } from './modules/security/anti-phishing.service.ts';
import { AccountDeletionService, type ForgetUser } from './modules/security/deletion.service.ts';
import type { EarningsLeft } from './modules/security/deletion.store.ts';
import { securityRoutes } from './modules/security/routes.ts';
import type { TradePasswordService } from './modules/security/service.ts';
import type { TotpService } from './modules/security/totp.service.ts';
import type { AttemptLimiter } from './platform/attempts.ts';
import type { Router } from './platform/router.ts';
import type { SecretBox } from './platform/sealed.ts';
import { createSmsSender } from './platform/sms.ts';

export interface AccountDeps {
  db: Database;
  now: () => Date;
  config: Config;
  attempts: AttemptLimiter;
  auth: AuthService;
  totp: TotpService;
  trade: TradePasswordService;
  antiPhishing: AntiPhishingService;
  invites: InviteService;
  /** Google and Apple sign-in; built in app.ts, because the router's second-factor gate reads its link tickets. */
  oidc: OidcService;
  /** Seals what must not be readable at rest (ID numbers, documents), with the same key as the TOTP secrets. */
  box: SecretBox;
  /** The operator routes' token, or null where those routes are off. */
  adminToken: string | null;
  /** Account deletion: creator earnings left, and the other modules' parts of forgetting the person. */
  earningsLeft: EarningsLeft;
  forget: ForgetUser[];
}

/**
 * The account's own surface beyond signing in with a password (app.ts has auth): the security centre, phone and
 * identity verification, Google and Apple sign-in, and the invite gift. Answers the services tests drive.
 */
export async function registerAccountModules(app: FastifyInstance, router: Router, deps: AccountDeps) {
  const { db, now, config, attempts, auth, totp, trade, invites, oidc, box, adminToken } = deps;
  const phones = new PhoneService({
    db,
    attempts,
    now,
    sms: createSmsSender({
      gatewayUrl: config.smsGatewayUrl,
      gatewayToken: config.smsGatewayToken,
      dataDir: config.dataDir,
      log: app.log,
    }),
  });
  const kyc = new KycService({ db, now, box, dataDir: config.dataDir, hasPhone: (userId) => phones.hasPhone(userId) });
  const deletion = new AccountDeletionService({
    db,
    auth,
    now,
    earningsLeft: deps.earningsLeft,
    forget: [...deps.forget, (tx, userId) => phones.forgetUser(tx, userId), (tx, userId) => kyc.forgetUser(tx, userId)],
    // The wipe revoked every session in its transaction: announce it first, so sockets and media close everywhere.
    afterWipe: async (userId) => {
      await auth.accountSessionsEnded(userId);
      await kyc.removeDocuments(userId);
    },
  });
  securityRoutes(router, { auth, trade, totp, deletion, antiPhishing: deps.antiPhishing });
  identityRoutes(router, { phones, kyc });
  if (adminToken) kycOperatorRoutes(router, { kyc, adminToken });

  oidcRoutes(router, oidc);
  await oidcCallbackRoutes(app, oidc, config);

  inviteRoutes(router, invites);
  if (adminToken) inviteOperatorRoutes(router, { invites, adminToken });
  return { phones, kyc };
}
