import proxyAddr from '@fastify/proxy-addr';
import type { FastifyRequest } from 'fastify';

/**
 * `TRUST_PROXY`: `false` (nobody), a hop count (`1`: the server only ever sees traffic through one proxy
 * layer), or the proxies' addresses and CIDR ranges. Never a bare `true`, which would let any client write
 * its own `X-Forwarded-For` and country header.
 */
export type TrustProxy = false | number | string[];

export type TrustFunction = (address: string, hop: number) => boolean;

/**
 * The one trust rule, handed both to Fastify (for `request.ip` from `X-Forwarded-For`) and to the country
 * check, so the two can never disagree. Hop 0 is the socket's peer.
 */
export function trustFunction(setting: TrustProxy): TrustFunction {
  if (setting === false) return () => false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

/** Parses the `TRUST_PROXY` text; throws with a readable reason on anything else. */
export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') {
    throw new Error('TRUST_PROXY=true would trust every client; give a hop count (1) or the proxy addresses');
  }
  if (/^\d+$/.test(text)) return Number(text);
  const list = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  proxyAddr.compile(list); // throws "invalid IP address" on a typo, at start rather than per request
  return list;
}

export interface RegionSettings {
  blockedCountries: string[];
  countryHeader: string;
  trustProxy: TrustProxy;
}

/**
 * The caller's country, from the header our edge (CDN or proxy) sets, and whether money features are closed
 * there. The header is believed only when the socket's peer is a trusted proxy: a client talking to us
 * directly could send any country it likes, so its country is unknown (and unknown is not blocked).
 */
export class RegionGate {
  private readonly trusted: TrustFunction;
  private readonly blocked: Set<string>;

  constructor(private readonly settings: RegionSettings) {
    this.trusted = trustFunction(settings.trustProxy);
    this.blocked = new Set(settings.blockedCountries);
  }

  countryOf(request: FastifyRequest): string | null {
    const peer = request.socket.remoteAddress;
    if (!peer || !this.trusted(peer, 0)) return null;
    const header = request.headers[this.settings.countryHeader];
    const country = typeof header === 'string' ? header.trim().toUpperCase() : '';
    return /^[A-Z0-9]{2,3}$/.test(country) ? country : null;
  }

  isBlocked(request: FastifyRequest): boolean {
    const country = this.blocked.size > 0 ? this.countryOf(request) : null;
    return country !== null && this.blocked.has(country);
  }
}
