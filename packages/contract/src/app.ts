import { z } from 'zod';

/** Response schemas of the app module: liveness, and what the client needs at start. */

export const HealthOutput = z.object({
  ok: z.boolean(),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});

export const AppConfigOutput = z.object({
  regionBlocked: z.boolean(),
  country: z.string().nullable(),
  version: z.string(),
  publicUrl: z.string(),
  /** Where share links live (`SHORT_LINK_HOST`, by default publicUrl): `<shortLinkHost>/s/<code>`. */
  shortLinkHost: z.string(),
  /**
   * False when the server was given no PUBLIC_URL (nor SHORT_LINK_HOST): its links then name a default address
   * (`http://localhost:<port>`) that works on no other device, and the share buttons say so to the person sharing.
   */
  publicLinks: z.boolean(),
  /** Map tile URL template ({z}/{x}/{y}); the CSP allows images from its origin and no other outside host. */
  mapTileUrl: z.string(),
  /** The sign-in providers configured on this server; the login page shows only their buttons. */
  signInProviders: z.array(z.enum(['google', 'apple'])),
  /** Origins the web-view page may open (WEBVIEW_ALLOWLIST plus the game shell's); anything else is refused. */
  webViewAllowList: z.array(z.string()),
  /** The official channels of join-community (COMMUNITY_CHANNELS), each shown with a QR code and a copy button. */
  communityChannels: z.array(z.object({ id: z.string(), name: z.string(), url: z.string() })),
  /** The wallets a confirmed ticket can be added to here (APPLE_PASS_*, GOOGLE_WALLET_*); the ticket shows only their buttons. */
  walletPasses: z.object({ apple: z.boolean(), google: z.boolean() }),
});
export type AppConfig = z.infer<typeof AppConfigOutput>;
