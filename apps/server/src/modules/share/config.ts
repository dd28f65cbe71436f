/**
 * Share-link and app-link settings from the environment (docs/new-user-polish.md "links"). Parsed once by
 * config.ts; a half-given app identity (a package without its certificate, a team without its bundle) stops the
 * server naming the variable, rather than serving a file the phone would reject.
 */

interface AndroidAppLink {
  /** The app's package name, e.g. `com.polaris.app`. */
  packageName: string;
  /** SHA-256 fingerprints of the signing certificates, `AA:BB:…` (32 bytes each). */
  fingerprints: string[];
}

interface AppleAppLink {
  teamId: string;
  bundleId: string;
}

export interface ShareConfig {
  /** Where short links live (`SHORT_LINK_HOST`, an origin); by default the public URL. */
  shortLinkHost: string;
  android: AndroidAppLink | undefined;
  apple: AppleAppLink | undefined;
}

interface ShareEnv {
  SHORT_LINK_HOST?: string | undefined;
  ANDROID_APP_PACKAGE?: string | undefined;
  ANDROID_CERT_SHA256?: string | undefined;
  IOS_TEAM_ID?: string | undefined;
  IOS_BUNDLE_ID?: string | undefined;
}

const PACKAGE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
const FINGERPRINT = /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/;
const TEAM = /^[A-Z0-9]{10}$/;

function problem(name: string, message: string): never {
  throw new Error(`Invalid environment:\n  ${name}: ${message}`);
}

function origin(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return problem(name, 'an http(s) origin such as https://plrs.example');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') problem(name, 'an http(s) origin');
  if (url.pathname !== '/' || url.search || url.hash) problem(name, 'an origin only, without a path');
  return url.origin;
}

export function shareConfig(env: ShareEnv, publicUrl: string): ShareConfig {
  const blank = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  const host = blank(env.SHORT_LINK_HOST);
  const pkg = blank(env.ANDROID_APP_PACKAGE);
  const certs = blank(env.ANDROID_CERT_SHA256);
  const team = blank(env.IOS_TEAM_ID);
  const bundle = blank(env.IOS_BUNDLE_ID);
  let android: AndroidAppLink | undefined;
  if (pkg || certs) {
    if (!pkg) problem('ANDROID_APP_PACKAGE', 'required with ANDROID_CERT_SHA256');
    if (!certs) problem('ANDROID_CERT_SHA256', 'required with ANDROID_APP_PACKAGE');
    if (!PACKAGE.test(pkg)) problem('ANDROID_APP_PACKAGE', 'a package name such as com.example.app');
    const fingerprints = certs.split(',').map((print) => print.trim().toUpperCase());
    if (fingerprints.some((print) => !FINGERPRINT.test(print))) {
      problem('ANDROID_CERT_SHA256', 'comma-separated SHA-256 fingerprints, 32 hex pairs joined by ":"');
    }
    android = { packageName: pkg, fingerprints };
  }
  let apple: AppleAppLink | undefined;
  if (team || bundle) {
    if (!team || !TEAM.test(team)) problem('IOS_TEAM_ID', 'the 10-character Apple team id, with IOS_BUNDLE_ID');
    if (!bundle || !PACKAGE.test(bundle)) problem('IOS_BUNDLE_ID', 'the app bundle id, with IOS_TEAM_ID');
    apple = { teamId: team, bundleId: bundle };
  }
  return { shortLinkHost: host ? origin(host, 'SHORT_LINK_HOST') : publicUrl, android, apple };
}
