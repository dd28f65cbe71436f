import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One place the stub knows, with its names per language (`accept-language`'s first tag, else `en`). */
export interface StubPlace {
  names: Record<string, string>;
  display: Record<string, string>;
  lat: string;
  lon: string;
  category: string;
  addresstype: string;
  address: Record<string, string>;
}

const TAIPEI_101: StubPlace = {
  names: { en: 'Taipei 101', zh: '台北101' },
  display: {
    en: 'Taipei 101, 7, Section 5, Xinyi Road, Xinyi District, Taipei, 110, Taiwan',
    zh: '台北101, 信義路五段, 信義區, 臺北市, 110, 臺灣',
  },
  lat: '25.0339639',
  lon: '121.5644722',
  category: 'building',
  addresstype: 'building',
  address: { city: 'Taipei', country: 'Taiwan', country_code: 'tw' },
};

const SMALL_TOWN: StubPlace = {
  names: { en: 'Jiufen' },
  display: { en: 'Jiufen, Ruifang District, New Taipei, Taiwan' },
  lat: '25.1090',
  lon: '121.8440',
  category: 'place',
  addresstype: 'village',
  address: { village: 'Jiufen', country_code: 'tw' },
};

/**
 * A local stand-in for a Nominatim server in tests, speaking `/search?format=jsonv2`: it answers the places whose
 * English or Chinese name contains `q`, in the language `accept-language` asks for, and records each request.
 * `mode` makes it fail: `error` answers 500, `garbage` answers something that is not Nominatim's shape.
 */
export async function startNominatimStub(places: StubPlace[] = [TAIPEI_101, SMALL_TOWN]) {
  const requests: { path: string; query: URLSearchParams; userAgent: string | undefined }[] = [];
  const state = { mode: 'ok' as 'ok' | 'error' | 'garbage' };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    requests.push({ path: url.pathname, query: url.searchParams, userAgent: req.headers['user-agent'] });
    if (state.mode === 'error') {
      res.writeHead(500).end('boom');
      return;
    }
    if (state.mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"not":"a list"}');
      return;
    }
    if (url.pathname !== '/search' || url.searchParams.get('format') !== 'jsonv2') {
      res.writeHead(400).end('bad request');
      return;
    }
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const lang = (url.searchParams.get('accept-language') ?? 'en').split(/[,-]/)[0]!;
    const limit = Number(url.searchParams.get('limit') ?? 10);
    const found = places
      .filter((place) => Object.values(place.names).some((name) => name.toLowerCase().includes(q)))
      .slice(0, limit)
      .map((place, index) => ({
        place_id: index + 1,
        lat: place.lat,
        lon: place.lon,
        category: place.category,
        type: place.addresstype,
        addresstype: place.addresstype,
        name: place.names[lang] ?? place.names.en,
        display_name: place.display[lang] ?? place.display.en,
        address: place.address,
      }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    state,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
