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
  /** Map tile URL template ({z}/{x}/{y}); the CSP allows images from its origin and no other outside host. */
  mapTileUrl: z.string(),
  /** The sign-in providers configured on this server; the login page shows only their buttons. */
  signInProviders: z.array(z.enum(['google', 'apple'])),
});
export type AppConfig = z.infer<typeof AppConfigOutput>;
