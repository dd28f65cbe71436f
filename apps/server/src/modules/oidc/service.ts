import {
  API_BASE,
  isSafeText,
  type LinkedProvider,
  OIDC_FINISH_PATH,
  type OidcCallbackError,
  type OidcProvider,
  type OidcTicketResult,
  Status,
} from '@polaris/contract';
import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import type { Database } from '../../db/client.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import { randomToken, sha256Hex } from '../../platform/secrets.ts';
import type { AuthService, IssuedSession } from '../auth/service.ts';
import type { ProviderClients, ProviderIdentity } from './providers.ts';
import {
  claimState,
  claimTicket,
  deleteExpiredStates,
  deleteExpiredTickets,
  deleteIdentity,
  findIdentityUser,
  insertIdentity,
  insertState,
  insertTicket,
  listIdentities,
  lockSubject,
  peekLinkTicket,
} from './store.ts';

/** How long a started sign-in may take at the provider (a person typing a password, maybe a second factor). */
const STATE_TTL_MS = 10 * 60_000;
/** How long the app has to redeem what the callback handed it. */
const TICKET_TTL_MS = 5 * 60_000;
/** Longest profile name we keep from a provider (the user module's limit). */
const NAME_MAX = 30;

export interface OidcDeps {
  db: Database;
  auth: AuthService;
  providers: ProviderClients;
  publicUrl: string;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** What a provider sent back to the callback, already validated. */
export interface CallbackParams {
  state: string;
  code?: string;
  iss?: string;
  error?: string;
  /** Apple's first authorization only: `{"name":{"firstName","lastName"},"email"}`. */
  user?: string;
}

class CallbackFailure extends Error {
  constructor(readonly reason: OidcCallbackError) {
    super(reason);
  }
}

const ticketExpired = () => new AppError(Status.notFound, 'oidc.ticketExpired');

/** The name Apple sends once, as JSON in the form post; anything unreadable is no name. */
export function appleName(user: string | undefined): string | null {
  if (!user) return null;
  try {
    const parsed = JSON.parse(user) as { name?: { firstName?: unknown; lastName?: unknown } };
    const parts = [parsed?.name?.firstName, parsed?.name?.lastName].filter(
      (part): part is string => typeof part === 'string' && part.trim() !== '',
    );
    return parts.length > 0 ? parts.map((part) => part.trim()).join(' ') : null;
  } catch {
    return null;
  }
}

/** A provider's name as a profile name: safe text, at most 30 characters, or none. */
function profileName(name: string | null): string | null {
  const trimmed = name?.trim().slice(0, NAME_MAX).trim();
  return trimmed && isSafeText(trimmed) ? trimmed : null;
}

/**
 * Sign-in with Google and Apple (docs/sign-in-with-providers.md): start (state, nonce and PKCE verifier kept
 * server-side, single use), callback (claims the state, exchanges the code, decides sign-in, link or new
 * account, and hands the app a one-time ticket), and the app's redemption of that ticket.
 */
export class OidcService {
  constructor(private readonly deps: OidcDeps) {}

  get configured(): OidcProvider[] {
    return (['google', 'apple'] as const).filter((provider) => this.deps.providers[provider] !== undefined);
  }

  redirectUri(provider: OidcProvider): string {
    return `${this.deps.publicUrl}${API_BASE}/user/${provider}/callback`;
  }

  /** Where a callback sends the browser: the app's finishing screen with a ticket or a reason. */
  finishUrl(outcome: { ticket: string } | { error: OidcCallbackError }): string {
    const query = 'ticket' in outcome ? `ticket=${outcome.ticket}` : `error=${outcome.error}`;
    return `${this.deps.publicUrl}/#${OIDC_FINISH_PATH}?${query}`;
  }

  async start(provider: OidcProvider): Promise<{ url: string; browserKey: string }> {
    const adapter = this.deps.providers[provider];
    if (!adapter) throw new AppError(Status.unavailable, 'oidc.notConfigured');
    const now = this.deps.now();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const browserKey = randomToken();
    let url: URL;
    try {
      url = await adapter.authorizationUrl({ redirectUri: this.redirectUri(provider), state, nonce, codeVerifier });
    } catch (error) {
      this.deps.log.warn({ err: error, provider }, 'oidc discovery failed');
      throw new AppError(Status.unavailable, 'oidc.providerUnavailable');
    }
    await deleteExpiredStates(this.deps.db, now);
    await insertState(this.deps.db, {
      state,
      provider,
      codeVerifier,
      nonce,
      browserKeyHash: sha256Hex(browserKey),
      createdAt: now,
      expiresAt: new Date(now.getTime() + STATE_TTL_MS),
    });
    return { url: url.href, browserKey };
  }

  /** Finishes the provider's side and returns where to send the browser (never with a session in it). */
  async callback(provider: OidcProvider, params: CallbackParams): Promise<string> {
    try {
      return this.finishUrl({ ticket: await this.completeCallback(provider, params) });
    } catch (error) {
      if (error instanceof CallbackFailure) return this.finishUrl({ error: error.reason });
      throw error;
    }
  }

  private async completeCallback(provider: OidcProvider, params: CallbackParams): Promise<string> {
    const adapter = this.deps.providers[provider];
    if (!adapter) throw new CallbackFailure('failed');
    const now = this.deps.now();
    // Claimed before anything else: a replayed or forged state finds nothing, and no state finishes twice.
    const pending = await claimState(this.deps.db, params.state, provider);
    if (!pending || pending.expiresAt <= now) throw new CallbackFailure('expired');
    if (params.error || !params.code) throw new CallbackFailure('cancelled');
    const callbackUrl = new URL(this.redirectUri(provider));
    callbackUrl.searchParams.set('code', params.code);
    callbackUrl.searchParams.set('state', params.state);
    if (params.iss) callbackUrl.searchParams.set('iss', params.iss);
    let identity: ProviderIdentity;
    try {
      identity = await adapter.exchange({
        callbackUrl,
        state: pending.state,
        nonce: pending.nonce,
        codeVerifier: pending.codeVerifier,
      });
    } catch (error) {
      this.deps.log.warn({ err: error, provider }, 'oidc code exchange failed');
      throw new CallbackFailure('failed');
    }
    const name = profileName(provider === 'apple' ? (appleName(params.user) ?? identity.name) : identity.name);
    return this.issueTicket(provider, identity, name, pending.browserKeyHash);
  }

  /**
   * Decides what the provider account means here. Known subject: sign in. Unknown subject whose verified email
   * belongs to an account: a link ticket (the owner must confirm). Otherwise, with a verified email, a new
   * account. An unverified email is never trusted, neither to link nor to create.
   */
  private async issueTicket(
    provider: OidcProvider,
    identity: ProviderIdentity,
    name: string | null,
    browserKeyHash: string,
  ): Promise<string> {
    const now = this.deps.now();
    const ticket = randomToken();
    const row = {
      ticketHash: sha256Hex(ticket),
      provider,
      subject: identity.subject,
      email: identity.email,
      browserKeyHash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + TICKET_TTL_MS),
    };
    await this.deps.db.transaction(async (tx) => {
      await lockSubject(tx, provider, identity.subject);
      const known = await findIdentityUser(tx, provider, identity.subject);
      if (known) {
        await insertTicket(tx, { ...row, kind: 'login', userId: known.userId });
        return;
      }
      if (!identity.email) throw new CallbackFailure('noEmail');
      if (!identity.emailVerified) throw new CallbackFailure('unverified');
      const existing = await this.deps.auth.liveAccount(tx, { email: identity.email });
      if (existing) {
        await insertTicket(tx, { ...row, kind: 'link', userId: existing.id });
        return;
      }
      const account = await this.deps.auth.createVerifiedAccount(tx, { email: identity.email, uname: name });
      await insertIdentity(tx, {
        provider,
        subject: identity.subject,
        userId: account.id,
        email: identity.email,
        createdAt: now,
      });
      await insertTicket(tx, { ...row, kind: 'login', userId: account.id });
    });
    await deleteExpiredTickets(this.deps.db, now);
    return ticket;
  }

  /** A login ticket becomes a session (once); a link ticket says which account must confirm. */
  async redeem(input: { ticket: string; browserKey: string }, userAgent?: string): Promise<OidcTicketResult> {
    const now = this.deps.now();
    const ticketHash = sha256Hex(input.ticket);
    const browserKeyHash = sha256Hex(input.browserKey);
    const session = await this.deps.auth.signIn(userAgent, async (tx, open) => {
      const claimed = await claimTicket(tx, ticketHash, 'login', browserKeyHash, now);
      if (!claimed) return null;
      const account = await this.deps.auth.liveAccount(tx, { id: claimed.userId });
      return account ? open(account) : null;
    });
    if (session) return { session, link: null };
    const link = await this.pendingLink(ticketHash, browserKeyHash, now);
    if (!link) throw ticketExpired();
    return { session: null, link: { provider: link.ticket.provider, email: link.accountEmail } };
  }

  /** A live link ticket of this browser with the email of the (live) account it would link to. */
  private async pendingLink(ticketHash: string, browserKeyHash: string, now: Date) {
    const pending = await peekLinkTicket(this.deps.db, ticketHash, browserKeyHash, now);
    if (!pending) return undefined;
    const account = await this.deps.auth.liveAccount(this.deps.db, { id: pending.ticket.userId });
    return account ? { ticket: pending.ticket, accountEmail: account.email } : undefined;
  }

  /**
   * The account a live link ticket of this browser is for, or null: whose authenticator the router asks before
   * `confirmLink` (the route is in the second-factor table). Reads only; the ticket stays unspent.
   */
  async linkAccountOf(ticket: string, browserKey: string): Promise<number | null> {
    const pending = await peekLinkTicket(this.deps.db, sha256Hex(ticket), sha256Hex(browserKey), this.deps.now());
    return pending?.ticket.userId ?? null;
  }

  /**
   * Links the provider account to the existing one once its owner has proven it (password, or an emailed login
   * code), then signs in. The password is checked first, so a wrong one leaves the ticket usable.
   */
  async confirmLink(
    input: { ticket: string; browserKey: string; password?: string; vcode?: string },
    from: { ip: string; userAgent?: string },
  ): Promise<IssuedSession> {
    const now = this.deps.now();
    const ticketHash = sha256Hex(input.ticket);
    const browserKeyHash = sha256Hex(input.browserKey);
    const pending = await this.pendingLink(ticketHash, browserKeyHash, now);
    if (!pending) throw ticketExpired();
    const email = pending.accountEmail;
    if (input.password !== undefined) await this.deps.auth.verifyPassword(email, input.password, from.ip);
    const outcome = await this.deps.auth.signIn(from.userAgent, async (tx, open) => {
      if (input.vcode !== undefined && !(await this.deps.auth.consumeCode(tx, email, 'login', input.vcode))) {
        return { kind: 'badCode' as const };
      }
      const claimed = await claimTicket(tx, ticketHash, 'link', browserKeyHash, now);
      if (!claimed) return { kind: 'expired' as const };
      const account = await this.deps.auth.liveAccount(tx, { id: claimed.userId });
      if (!account) return { kind: 'expired' as const };
      await lockSubject(tx, claimed.provider, claimed.subject);
      const linked = await insertIdentity(tx, {
        provider: claimed.provider,
        subject: claimed.subject,
        userId: account.id,
        email: claimed.email,
        createdAt: now,
      });
      if (!linked) return { kind: 'alreadyLinked' as const, provider: claimed.provider };
      return { kind: 'ok' as const, session: await open(account) };
    });
    switch (outcome.kind) {
      case 'ok':
        return outcome.session;
      case 'badCode':
        throw new FieldsError([{ field: 'vcode', messageKey: 'auth.codeInvalid' }]);
      case 'expired':
        throw ticketExpired();
      case 'alreadyLinked':
        throw new AppError(Status.conflict, 'oidc.alreadyLinked', {
          provider: outcome.provider === 'google' ? 'Google' : 'Apple',
        });
    }
  }

  /** The security centre's list of linked provider accounts. */
  async linkedProviders(userId: number): Promise<LinkedProvider[]> {
    const rows = await listIdentities(this.deps.db, userId);
    return rows.map((row) => ({ provider: row.provider, email: row.email, linkedAt: row.linkedAt.toISOString() }));
  }

  /**
   * Unlinks a provider account once the owner has proven it is them, as for linking: the password (checked first,
   * under its attempt limit) or an emailed login code (used up only if the unlink goes ahead). The account can
   * still sign in by email code afterwards, so unlinking never locks anyone out, even with no password set.
   */
  async unlink(
    user: { id: number; email: string },
    input: { provider: OidcProvider; password?: string; vcode?: string },
    ip: string,
  ): Promise<void> {
    if (input.password !== undefined) await this.deps.auth.verifyPassword(user.email, input.password, ip);
    const outcome = await this.deps.db.transaction(async (tx) => {
      if (input.vcode !== undefined && !(await this.deps.auth.consumeCode(tx, user.email, 'login', input.vcode))) {
        return 'badCode' as const;
      }
      if (!(await deleteIdentity(tx, user.id, input.provider))) throw notLinked(input.provider);
      return 'ok' as const;
    });
    if (outcome === 'badCode') throw new FieldsError([{ field: 'vcode', messageKey: 'auth.codeInvalid' }]);
  }
}

const notLinked = (provider: OidcProvider) =>
  new AppError(Status.conflict, 'oidc.notLinked', { provider: provider === 'google' ? 'Google' : 'Apple' });
