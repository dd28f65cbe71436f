import { APP_VERSION, type AppConfig } from '@polaris/contract';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Readiness } from '../../platform/readiness.ts';
import { ping } from './store.ts';

/** How many countries' answers are remembered; the set of country codes is bounded anyway. */
const MAX_COUNTRIES = 300;

/** Liveness, and the configuration the client reads at start. */
export class AppService {
  /** One frozen answer per country, so the router whitelists each only once. */
  private readonly answers = new Map<string, AppConfig>();

  constructor(private readonly deps: { database: DatabaseHandle; config: Config; readiness: Readiness }) {}

  async health() {
    await ping(this.deps.database.db);
    return { ok: true, database: this.deps.database.kind, version: APP_VERSION };
  }

  /** Whether this node should get traffic (platform/readiness.ts): the database answers, migrated, not draining. */
  ready() {
    return this.deps.readiness.check(() => ping(this.deps.database.db));
  }

  /** The client's start-up settings for a caller from `country` (null when no trusted proxy said). */
  startConfig(country: string | null): AppConfig {
    const known = this.answers.get(country ?? '');
    if (known) return known;
    const { config } = this.deps;
    const answer = Object.freeze({
      regionBlocked: country !== null && config.blockedCountries.includes(country),
      country,
      version: APP_VERSION,
      publicUrl: config.publicUrl,
      shortLinkHost: config.share.shortLinkHost,
      publicLinks: config.publicUrlSet || config.share.shortLinkHost !== config.publicUrl,
      mapTileUrl: config.mapTileUrl,
      signInProviders: (['google', 'apple'] as const).filter((provider) => config.oidc[provider] !== undefined),
      webViewAllowList: config.webViewAllowList,
      communityChannels: config.communityChannels,
      walletPasses: { apple: config.applePass !== undefined, google: config.googleWallet !== undefined },
    });
    if (this.answers.size < MAX_COUNTRIES) this.answers.set(country ?? '', answer);
    return answer;
  }
}
