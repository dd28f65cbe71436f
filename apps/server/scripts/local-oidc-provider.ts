import { startLocalProvider } from '../src/test/oidc-provider.ts';

/**
 * A local OpenID provider for the browser journeys (never for production): `oidc-provider` with its development
 * login screen, where any email typed in signs in as that verified address. It registers one client,
 * `local-google`, whose callback is the app's Google callback at --app.
 *   npx tsx apps/server/scripts/local-oidc-provider.ts --port 8313 --app http://127.0.0.1:8310
 */
const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const port = Number(argument('port') ?? 8313);
const appUrl = argument('app') ?? 'http://127.0.0.1:8080';

const provider = await startLocalProvider(
  [
    {
      clientId: 'local-google',
      clientSecret: 'local-google-secret',
      redirectUri: `${appUrl}/rest/polarisex/user/google/callback`,
    },
  ],
  { port, anyEmailSignsIn: true },
);
console.log(`local OpenID provider at ${provider.issuer}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void provider.close().then(() => process.exit(0)));
}
